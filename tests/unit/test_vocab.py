"""El vocabulario debe dar exactamente los ids del tokenizador de rukh."""

import json

import pytest

from rukh_helpers import vocab
from rukh_helpers.games import TOY_GAMES

SCHOLARS_MATE = "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7"


def test_size_and_sections():
    assert len(vocab.TOKENS) == vocab.VOCAB_SIZE == 2030
    assert len(set(vocab.TOKENS)) == 2030
    assert vocab.TOKENS[:8] == ("<pad>", "<bos>", "<eos>", "<mask>", "<unk>", "<1-0>", "<0-1>", "<1/2>")
    assert vocab.TOKENS[8] == "<w0600>" and vocab.TOKENS[34] == "<w3200>"
    assert vocab.TOKENS[35] == "<b0600>" and vocab.TOKENS[61] == "<b3200>"
    assert vocab.FIRST_MOVE_ID == 62
    moves = vocab.TOKENS[62:62 + 1792]
    promotions = vocab.TOKENS[62 + 1792:]
    assert all(len(m) == 4 for m in moves) and len(promotions) == 176
    assert moves[0] == "a1a2" and promotions[0] == "a7a8q" and promotions[-1] == "h2h1n"


def test_check_values_from_the_syllabus():
    ids = vocab.TOKEN_TO_ID
    assert (ids["e2e4"], ids["e7e5"], ids["<w2600>"], ids["<b2000>"]) == (997, 1164, 28, 49)
    assert vocab.PAD_ID == 0 and vocab.BOS_ID == 1 and vocab.EOS_ID == 2 and vocab.UNK_ID == 4


def test_scholars_mate_encoding():
    encoded = vocab.encode_game(SCHOLARS_MATE, 1200, 800, "1-0")
    assert encoded == [1, 14, 37, 997, 1164, 1207, 460, 738, 1647, 1769, 5, 2]
    assert vocab.encode_game(SCHOLARS_MATE.split(), 1200, 800, "1-0") == encoded


def test_moves_are_queen_or_knight_reachable_and_ordered_file_major():
    squares = vocab.SQUARES
    assert squares[:3] == ("a1", "a2", "a3") and squares[8] == "b1"
    moves = vocab.TOKENS[62:62 + 1792]
    order = [(squares.index(m[:2]), squares.index(m[2:])) for m in moves]
    assert order == sorted(order)
    assert "g1f3" in vocab.TOKEN_TO_ID and "a1h8" in vocab.TOKEN_TO_ID
    assert "a1b4" not in vocab.TOKEN_TO_ID and "e2e2" not in vocab.TOKEN_TO_ID


def test_promotion_order():
    promotions = vocab.TOKENS[62 + 1792:]
    assert promotions[:8] == ("a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n")
    assert promotions[8:12] == ("b7a8q", "b7a8r", "b7a8b", "b7a8n")
    assert promotions[88] == "a2a1q"


@pytest.mark.parametrize("elo, expected", [(1200, "<w1200>"), (1299, "<w1200>"), (599, "<w0600>"), (100, "<w0600>"), (3500, "<w3200>"), (2650.7, "<w2600>")])
def test_elo_binning_and_clamping(elo, expected):
    assert vocab.elo_token(elo, "w") == expected


def test_results_and_eos():
    assert vocab.encode_game([], 1500, 1500, "0-1")[-2:] == [6, 2]
    assert vocab.encode_game([], 1500, 1500, "1/2-1/2")[-2:] == [7, 2]


def test_unknown_move_becomes_unk():
    assert vocab.encode_game(["e2e4", "zz99"], 1500, 1500, "1-0")[4] == vocab.UNK_ID
    assert vocab.token_id("e1e1") == vocab.UNK_ID


def test_truncation_at_max_len():
    moves = ["g1f3", "g8f6", "f3g1", "f6g8"] * 60
    encoded = vocab.encode_game(moves, 1500, 1500, "1/2-1/2")
    assert len(encoded) == 200 and vocab.EOS_ID not in encoded and 7 not in encoded
    assert vocab.encode_game(moves, 1500, 1500, "1/2-1/2", max_len=5) == encoded[:5]


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "200"])
def test_bad_max_len(bad):
    with pytest.raises(ValueError, match="max_len"):
        vocab.encode_game(["e2e4"], 1500, 1500, "1-0", max_len=bad)


def test_bad_result_side_and_elo():
    with pytest.raises(ValueError, match="'1-0', '0-1', '1/2-1/2'"):
        vocab.encode_game(["e2e4"], 1500, 1500, "2-0")
    with pytest.raises(ValueError, match="'w' \\(blancas\\) o 'b' \\(negras\\)"):
        vocab.elo_token(1500, "x")
    with pytest.raises(ValueError, match="número"):
        vocab.elo_bin("1500")
    with pytest.raises(ValueError, match="número"):
        vocab.elo_bin(None)


def test_decode_and_decode_moves():
    encoded = vocab.encode_game(SCHOLARS_MATE, 1200, 800, "1-0")
    assert vocab.decode(encoded)[:3] == ["<bos>", "<w1200>", "<b0800>"]
    assert vocab.decode_moves(encoded) == SCHOLARS_MATE.split()
    with pytest.raises(IndexError, match="de 0 a 2029"):
        vocab.decode([5, 2030])
    with pytest.raises(IndexError, match="de 0 a 2029"):
        vocab.decode([-1])


def test_json_round_trip_in_rukh_format(tmp_path):
    path = tmp_path / "artefactos" / "vocab.json"
    vocab.save_vocab(path)
    assert vocab.load_vocab(path) == vocab.TOKENS
    text = path.read_text(encoding="utf-8")
    assert text.isascii() and text.endswith("}\n")
    data = json.loads(text)
    assert list(data) == ["version", "size", "specials", "elo_bins", "tokens"]
    assert data["size"] == 2030 and data["specials"][0] == "<pad>" and data["elo_bins"] == {"min": 600, "max": 3200, "step": 100}


def test_json_refuses_mismatches(tmp_path):
    path = tmp_path / "vocab.json"
    tokens = list(vocab.TOKENS)
    tokens[997], tokens[998] = tokens[998], tokens[997]
    path.write_text(json.dumps({**vocab.vocab_file_content(), "tokens": tokens}))
    with pytest.raises(ValueError, match="id 997"):
        vocab.load_vocab(path)
    path.write_text(json.dumps({"tokens": tokens[:-1]}))
    with pytest.raises(ValueError, match="2029 tokens"):
        vocab.load_vocab(path)
    for wrong in (list(vocab.TOKENS), {"tokens": [1, 2]}, {"a": 1}):
        path.write_text(json.dumps(wrong))
        with pytest.raises(ValueError, match="lista de textos «tokens»"):
            vocab.load_vocab(path)
    path.write_text("[1, 2")
    with pytest.raises(ValueError, match="JSON válido"):
        vocab.load_vocab(path)


def test_toy_vocab():
    toy = vocab.toy_vocab(TOY_GAMES)
    assert len(toy) == 14 and toy[0] == "<bos>" and toy[1:] == sorted(toy[1:])
    assert vocab.toy_vocab([" ".join(g) for g in TOY_GAMES]) == toy
