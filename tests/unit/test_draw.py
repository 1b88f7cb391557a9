"""Los dibujos de tensores: qué celdas, textos y colores salen, y errores claros con entradas malas."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
import torch  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from rukh_helpers import draw  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _cells(fig):
    return [p for p in fig.axes[0].patches if isinstance(p, Rectangle)]


def _texts(fig):
    return [t.get_text() for t in fig.axes[0].texts]


def _faces(fig):
    return [matplotlib.colors.to_hex(p.get_facecolor()) for p in _cells(fig)]


@pytest.mark.parametrize(
    "x, names, cells",
    [
        (torch.arange(5), ("T",), 5),
        (torch.arange(12).view(3, 4), ("T", "d"), 12),
        (torch.zeros(2, 3, 4), ("B", "T", "d"), 24),
        (torch.zeros(2, 2, 3, 3), ("B", "H", "T", "T"), 36),
    ],
)
def test_one_to_four_dimensions(x, names, cells):
    fig = draw.draw_tensor(x, names=names)
    assert len(_cells(fig)) == cells
    texts = _texts(fig)
    assert f"{names[-1]} →" in texts
    assert fig.get_size_inches()[0] <= draw.MAX_WIDTH_INCHES + 1e-6
    if x.dim() == 3:
        assert "B = 0" in texts and "B = 1" in texts
    if x.dim() == 4:
        assert "B = 1, H = 0" in texts


def test_values_as_text_int_float_bool_and_infinities():
    assert draw.cell_text(7) == "7"
    assert draw.cell_text(0.123456) == "0.12"
    assert draw.cell_text(1234.5) == "1234"
    assert draw.cell_text(True) == "T" and draw.cell_text(False) == "F"
    assert draw.cell_text(float("-inf")) == "−∞" and draw.cell_text(float("inf")) == "∞"
    assert draw.cell_text(float("nan")) == "nan"
    fig = draw.draw_tensor(torch.tensor([[True, False], [False, True]]))
    assert _faces(fig).count(draw.TRUE_FACE) == 2 and _faces(fig).count(draw.FALSE_FACE) == 2
    fig = draw.draw_tensor(torch.tensor([0.5, float("-inf")]))
    assert draw.NEG_INF_FACE in _faces(fig) and "−∞" in _texts(fig)


def test_big_tensors_are_elided_like_printoptions():
    assert draw.kept_indices(5, 2) == [0, 1, 2, 3, 4]
    assert draw.kept_indices(10, 2) == [0, 1, None, 8, 9]
    fig = draw.draw_tensor(torch.arange(200).view(10, 20), edgeitems=2)
    assert len(_cells(fig)) == 16  # 4 filas × 4 columnas; el resto, «…»
    assert "…" in _texts(fig) and "199" in _texts(fig)
    fig = draw.draw_tensor(torch.zeros(7, 2, 2))  # 3-D: los cortes del medio también se eliden
    assert len(_cells(fig)) == 4 * 4 and "…" in _texts(fig)
    fig = draw.draw_tensor(torch.zeros(6, 6, 2, 2))
    assert len(_cells(fig)) == 16 * 4


def test_wrong_inputs_get_spanish_errors():
    with pytest.raises(TypeError, match="esperaba un tensor de PyTorch o un array de NumPy, pero es list"):
        draw.draw_tensor([1, 2, 3])
    with pytest.raises(ValueError, match="de 1 a 4 dimensiones"):
        draw.draw_tensor(torch.tensor(3))
    with pytest.raises(ValueError, match="de 1 a 4 dimensiones"):
        draw.draw_tensor(torch.zeros(1, 1, 1, 1, 1))
    with pytest.raises(ValueError, match="está vacío"):
        draw.draw_tensor(torch.zeros(0, 3))
    with pytest.raises(ValueError, match="names tiene 1 nombres, pero el tensor tiene 2"):
        draw.draw_tensor(torch.zeros(2, 2), names=("T",))
    with pytest.raises(ValueError, match="no se pueden alinear por la derecha"):
        draw.draw_broadcast(torch.zeros(3), torch.zeros(4))
    with pytest.raises(ValueError, match="op debe ser una de"):
        draw.draw_broadcast(torch.zeros(3), torch.zeros(3), "%")
    with pytest.raises(ValueError, match=r"x\[key\] falla"):
        draw.draw_selection(torch.zeros(2, 2), (slice(None), 5))
    with pytest.raises(TypeError, match="index debe ser int64"):
        draw.draw_gather(torch.zeros(2, 3), 1, torch.zeros(2, 1, dtype=torch.int32))
    with pytest.raises(ValueError, match="gather\\(dim=1\\) no cuadra"):
        draw.draw_gather(torch.zeros(2, 3), 1, torch.zeros(2, dtype=torch.long))
    with pytest.raises(TypeError, match="argmax no trabaja con booleanos"):
        draw.draw_argmax(torch.zeros(2, 2, dtype=torch.bool))
    with pytest.raises(ValueError, match="al menos un tensor"):
        draw.draw_memory()
    with pytest.raises(ValueError, match="labels tiene 1 rótulos para 2 tensores"):
        draw.draw_memory(torch.zeros(2), torch.zeros(2), labels=("a",))
    with pytest.raises(ValueError, match="Usa x\\[0\\] si es un lote"):
        draw.draw_heads(torch.zeros(2, 3, 4), 2)
    with pytest.raises(ValueError, match="d = 6 no se reparte en 4 cabezas"):
        draw.draw_heads(torch.zeros(3, 6), 4)


def test_broadcast_shows_ghost_copies_and_the_result():
    elo = torch.tensor([1200, 1850, 2100])[:, None]
    rivals = torch.tensor([1500, 1900, 2000, 2400])
    fig = draw.draw_broadcast(elo, rivals, "-", names=("jugador", "rival"))
    cells = _cells(fig)
    assert len(cells) == 3 * 12
    ghosts = [c for c in cells if c.get_linestyle() == "--"]
    assert len(ghosts) == 9 + 8  # 3 columnas copiadas de a; 2 filas copiadas de b
    texts = _texts(fig)
    assert "a (3, 1) → (3, 4)" in texts and "b (4,) → (3, 4)" in texts and "resultado (3, 4)" in texts
    assert "−" in texts and "-300" in texts and "-1200" in texts
    fig = draw.draw_broadcast(torch.ones(2, 1, 3), torch.ones(4, 1), "*")
    assert "×" in _texts(fig)


def test_broadcast_names_its_operands_and_title():
    fig = draw.draw_broadcast(torch.zeros(3, 1), torch.zeros(4), "-", labels=("elo[:, None]", "rivals"),
                              title="Otro título")
    texts = _texts(fig)
    assert "elo[:, None] (3, 1) → (3, 4)" in texts and "rivals (4,) → (3, 4)" in texts
    assert "a (3, 1) → (3, 4)" not in texts
    assert "Otro título" in texts and draw.BROADCAST_TITLE not in texts
    with pytest.raises(ValueError, match="labels debe dar dos nombres"):
        draw.draw_broadcast(torch.zeros(3), torch.zeros(3), labels=("solo uno",))


def test_selection_gather_and_argmax_mark_the_chosen_cells():
    x = torch.arange(12).view(3, 4)
    fig = draw.draw_selection(x, (slice(None), slice(1, 3)))
    assert _faces(fig).count(draw.PICKED) == 6 + 6  # 6 marcadas en el origen y las 6 del resultado
    fig = draw.draw_selection(x, x % 5 == 0)
    assert _faces(fig).count(draw.PICKED) == 3 + 3
    logits = torch.tensor([[0.1, 2.0, -1.0], [3.0, 0.0, 1.0]])
    fig = draw.draw_gather(logits, 1, torch.tensor([[2], [0]]), names=("T", "V"))
    assert _faces(fig).count(draw.PICKED) == 2 + 2 and "resultado (2, 1)" in _texts(fig)
    fig = draw.draw_argmax(logits, names=("T", "V"))
    assert _faces(fig).count(draw.PICKED) == 2 + 2 and "índices (2,)" in _texts(fig)
    fig = draw.draw_argmax(torch.tensor([0.5, 2.0, 1.0]))  # 1-D: el resultado es un solo número
    assert "índices ()" in _texts(fig)


def test_the_result_of_gather_and_argmax_can_name_its_own_axes():
    logits = torch.tensor([[0.1, 2.0, -1.0], [3.0, 0.0, 1.0]])
    fig = draw.draw_argmax(logits, names=("T", "V"), result_names=("fila del origen",))
    assert any("fila del origen" in t for t in _texts(fig))
    fig = draw.draw_gather(logits, 1, torch.tensor([[2], [0]]), names=("T", "V"), result_names=("T", "columna de index"))
    assert any("columna de index" in t for t in _texts(fig))
    assert not any("columna de index" in t for t in _texts(draw.draw_gather(logits, 1, torch.tensor([[2], [0]]))))


def test_memory_colours_each_cell_by_its_storage_position():
    x = torch.arange(6).view(2, 3)
    assert draw.storage_positions(x.t()).tolist() == [[0, 3], [1, 4], [2, 5]]
    assert draw.storage_positions(x[:, 1:]).tolist() == [[1, 2], [4, 5]]
    fig = draw.draw_memory(x, x.t(), x.t().contiguous(), labels=("x", "x.t()", "copia"))
    texts = _texts(fig)
    assert "x (2, 3)\nstride (3, 1) · contiguo: sí" in texts
    assert "x.t() (3, 2)\nstride (1, 3) · contiguo: no" in texts
    assert any("otra memoria" in t for t in texts)
    ramp = draw._ramp(6)
    faces = _faces(fig)
    assert faces[:6] == ramp  # la fila de memoria, en orden
    assert faces[12:18] == [ramp[i] for i in (0, 3, 1, 4, 2, 5)]  # x.t() leído por filas salta
    assert faces[18:] == [draw.FACE] * 6  # la copia vive en otra memoria: sin colores de posición
    assert draw._ramp(1) == ["#90cdf4"]
    fig = draw.draw_memory(torch.zeros(4), names=("n",))
    assert len(_cells(fig)) == 8


def test_heads_colour_columns_by_head():
    fig = draw.draw_heads(torch.arange(40).view(5, 8), 4)
    faces = _faces(fig)
    assert faces[:8] == [draw.HEAD_COLORS[k // 2] for k in range(8)]
    assert faces[40:50] == [draw.HEAD_COLORS[0]] * 10  # la cabeza 0 entera, (T, D) = (5, 2)
    assert "4 cabezas de D = 2: cada una se queda con sus columnas" in _texts(fig)
    assert "H = 3" in _texts(fig)


def test_colours_and_picks_can_be_given():
    x = torch.zeros(2, 2)
    fig = draw.draw_tensor(x, colors=torch.tensor([[0, 1], [2, 3]]), picked=torch.tensor([[True, False], [False, False]]))
    assert _faces(fig) == [draw.PICKED, *[draw.HEAD_COLORS[k] for k in (1, 2, 3)]]
    fig = draw.draw_tensor(x, title="mi título")
    assert "mi título" in _texts(fig)


def test_numpy_arrays_and_masks_are_accepted():
    import numpy as np

    a = np.arange(6).reshape(2, 3)
    assert len(_cells(draw.draw_tensor(a))) == 6
    fig = draw.draw_selection(a, a % 2 == 0)
    assert _faces(fig).count(draw.PICKED) == 3 + 3


def test_graph_draws_boxes_arrow_labels_and_errors():
    fig = draw.draw_graph({"w": (0, 0, "w = 2"), "p": (3, 1, "w · w"), "y": (6, 0, "y")},
                          [("w", "p", "×2", 0.3), ("w", "p", "×2", -0.3), ("p", "y", "×1")],
                          title="un grafo", note="w.grad = 4")
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert texts.count("×2") == 2 and "×1" in texts and "w = 2" in texts and "w.grad = 4" in texts
    assert fig.axes[0].get_title() == "un grafo"
    with pytest.raises(ValueError, match="nombra cajas que no existen: z"):
        draw.draw_graph({"w": (0, 0, "w")}, [("w", "z", "×1")])
    with pytest.raises(ValueError, match="cada flecha es"):
        draw.draw_graph({"w": (0, 0, "w")}, [("w",)])
