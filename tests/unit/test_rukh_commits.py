"""Un solo commit de rukh por fichero (course_tools/readings/rukh_commits.py): falla si dos sitios difieren."""

from course_tools.readings import rukh_commits

NEW = "0ee1814ac0b9000c5703835a0b02d1ddc22a9e13"
OLD = "5162283839328bb387b7ad4a03397933de0a12d4"


def _map(tmp_path, loop=NEW):
    path = tmp_path / "mapa.toml"
    path.write_text(f'[commits]\n"src/rukh/train/loop.py" = "{loop}"\n"src/rukh/train/common.py" = "{NEW}"\n',
                    encoding="utf-8")
    return path


def test_mentions_read_the_guide_headers():
    text = "**`src/rukh/train/loop.py`** (commit `0ee1814`): lo propio\n`src/rukh/x.py` sin commit\n"
    assert rukh_commits.mentions(text) == [("src/rukh/train/loop.py", "0ee1814")]


def test_the_same_commit_everywhere_passes(tmp_path):
    texts = {"19-rukh-juega": "**`src/rukh/train/loop.py`** (commit `0ee1814`)",
             "README.md": "leído en `src/rukh/train/common.py`, commit `0ee1814ac0b9`"}
    assert rukh_commits.commit_problems(texts, _map(tmp_path)) == []


def test_the_guide_on_another_commit_than_the_map_fails(tmp_path):
    """El defecto de la issue 41: la guía del 19 leía loop.py en 5162283 y el resto, en 0ee1814."""
    texts = {"19-rukh-juega": "**`src/rukh/train/loop.py`** (commit `5162283`)"}
    problems = rukh_commits.commit_problems(texts, _map(tmp_path))
    assert len(problems) == 1
    assert "src/rukh/train/loop.py" in problems[0] and "5162283 en 19-rukh-juega" in problems[0]
    assert "0ee1814 en mapa.toml" in problems[0]


def test_two_places_disagreeing_fail_even_without_the_map(tmp_path):
    texts = {"18-decoder": "`src/rukh/infer/sampler.py` (commit `ff3ec22`)",
             "GLOSARIO.md": "`src/rukh/infer/sampler.py`, commit `8b7f344`"}
    problems = rukh_commits.commit_problems(texts, _map(tmp_path))
    assert len(problems) == 1 and "sampler.py" in problems[0]


def test_the_map_against_itself_and_the_course_today():
    assert rukh_commits.commit_problems() == []
