"""Dibujos con etiquetas en castellano y tablero de ajedrez."""

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
import torch  # noqa: E402

from rukh_helpers import plots  # noqa: E402


def test_plot_loss_with_floor():
    ax = plots.plot_loss([3.0, 1.0, 0.5], floor=0.3727)
    assert ax.get_xlabel() == "paso" and ax.get_ylabel() == "entropía cruzada"
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["pérdida de entrenamiento", "suelo de los datos (0.373)"]
    with pytest.raises(ValueError, match="al menos un valor"):
        plots.plot_loss([])


def test_plot_loss_on_given_axes_without_floor():
    import matplotlib.pyplot as plt

    _, ax = plt.subplots()
    assert plots.plot_loss(torch.tensor([1.0, 0.5]), ax=ax, title="Otra") is ax
    assert ax.get_title() == "Otra" and len(ax.get_legend().get_texts()) == 1


def test_heatmap():
    ax = plots.plot_heatmap(torch.tril(torch.ones(3, 3)), labels=["a", "b", "c"], title="Máscara causal")
    assert ax.get_title() == "Máscara causal" and [t.get_text() for t in ax.get_xticklabels()] == ["a", "b", "c"]
    with pytest.raises(ValueError, match="matriz 2D"):
        plots.plot_heatmap(torch.ones(2, 2, 2))


def test_board_svg_and_errors():
    svg = plots.board_svg("e2e4 e7e5")
    assert svg.startswith("<svg") and "</svg>" in svg
    assert plots.Board(["e2e4"])._repr_svg_().startswith("<svg")
    assert repr(plots.Board("e2e4 e7e5")) == "Board(tras 2 medias jugadas)"
    with pytest.raises(ValueError, match="jugada 2 \\('e2e5'\\) es ilegal"):
        plots.board_svg(["e2e4", "e2e5"])
    with pytest.raises(ValueError, match="formato UCI"):
        plots.board_svg(["hola"])


def test_board_with_arrows_draws_one_per_proposed_move():
    plain = plots.board_svg("e2e4")
    board = plots.Board("e2e4", arrows=["e7e5", "c7c5", "<eos>"])
    assert board.svg.count("arrow") > plain.count("arrow")
    assert plots.ARROW_COLOURS[0] in board.svg and plots.ARROW_COLOURS[1] in board.svg
    assert plots.ARROW_COLOURS[2] not in board.svg  # <eos> no es una jugada: no se dibuja
    assert repr(board) == "Board(tras 1 medias jugadas, 3 flechas)"


def test_board_caption_goes_under_the_board_as_html():
    from rukh_helpers.plots import Board

    plain = Board("e2e4")
    assert plain._repr_html_() is None
    captioned = Board("e2e4", caption="tras 1 media jugada <e4>")
    html = captioned._repr_html_()
    assert "<svg" in html and "<figcaption" in html and "&lt;e4&gt;" in html
    assert "tras 1 media jugada" in repr(captioned)
