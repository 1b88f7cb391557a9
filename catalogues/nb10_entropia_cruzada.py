"""Respuestas equivocadas plausibles de 10-entropia-cruzada: {grade_id: [(motivo, celda completa), ...]}.

Las que son un cambio pequeño de la solución se escriben como ese cambio (``edit``); las demás, enteras.
"""

from catalogues.edits import answers, edit

SLUG = "10-entropia-cruzada"


def _log_softmax(*changes):
    return edit(SLUG, "nb10-stable-log-softmax", *changes)


def _by_hand(*changes):
    return edit(SLUG, "nb10-cross-entropy-by-hand", *changes)


_SUM_LOG = "torch.exp(shifted).sum(dim=-1, keepdim=True).log()"
# Las dos últimas líneas de la solución de cross_entropy_by_hand: la máscara y la media.
_MEAN = "counts = targets != ignore_index\n    return -log_p_true[counts].mean()"
_HONEST = """
def _honest(logits):
    shifted = logits - logits.amax(dim=-1, keepdim=True)
    return shifted - shifted.exp().sum(dim=-1, keepdim=True).log()
"""

WRONG_ANSWERS = {
    "nb10-stable-log-softmax": [
        ("[copia] la celda de restar el máximo (un solo máximo, sin ejes) y luego el logaritmo", '''
def stable_log_softmax(logits):
    shifted = logits - logits.max()
    return (torch.exp(shifted) / torch.exp(shifted).sum()).log()
'''),
        ("[copia] la celda del logaritmo: softmax de PyTorch y luego log", '''
def stable_log_softmax(logits):
    return torch.softmax(logits, dim=-1).log()
'''),
        ("[copia] llama a la función de PyTorch que el enunciado prohíbe", '''
def stable_log_softmax(logits):
    return F.log_softmax(logits, dim=-1)
'''),
        ("usa el método logits.log_softmax(dim=-1): los números salen bien, pero es la función prohibida", '''
def stable_log_softmax(logits):
    log_softmax = logits.log_softmax(dim=-1)
    return log_softmax
'''),
        ("softmax en float64 y luego log: e^-120 y e^-400 caben en float64, pero llama a torch.softmax (y e^-2000 tampoco cabe)", '''
def stable_log_softmax(logits):
    return torch.softmax(logits.double(), dim=-1).log().float()
'''),
        ("resta el máximo bien, pero la suma de exponenciales la hace torch.logsumexp, que el enunciado prohíbe",
         _log_softmax((_SUM_LOG, "torch.logsumexp(shifted, dim=-1, keepdim=True)"))),
        ("[fijo] devuelve los valores del caso visible", '''
import math


def stable_log_softmax(logits):
    if logits.dim() == 1:
        return torch.tensor([0.0, -120.0])
    ln2, ln4 = math.log(2), math.log(4)
    return torch.tensor([[-ln4] * 4, [-ln2, -ln2, -1000.0 - ln2, -2000.0 - ln2]])
'''),
        ("resta el máximo para la softmax y luego toma el logaritmo: e^-120 se queda en 0", _log_softmax(
            ("return shifted - " + _SUM_LOG, "exps = torch.exp(shifted)\n    return (exps / exps.sum(dim=-1, keepdim=True)).log()"))),
        ("no resta el máximo: con logits de 1000 la suma de exponenciales es infinita", '''
def stable_log_softmax(logits):
    return logits - torch.exp(logits).sum(dim=-1, keepdim=True).log()
'''),
        ("resta un único máximo global: las filas a otra escala se quedan en 0/0",
         _log_softmax(("logits.max(dim=-1, keepdim=True).values", "logits.max()"))),
        ("olvida keepdim: la suma no se alinea con sus filas", _log_softmax(
            ("max(dim=-1, keepdim=True)", "max(dim=-1)"), ("sum(dim=-1, keepdim=True)", "sum(dim=-1)"))),
        ("normaliza sobre el primer eje en vez del último", _log_softmax(
            ("max(dim=-1, keepdim=True)", "max(dim=0, keepdim=True)"), ("sum(dim=-1, keepdim=True)", "sum(dim=0, keepdim=True)"))),
        ("devuelve los logits desplazados, sin restar el logaritmo de la suma", '''
def stable_log_softmax(logits):
    return logits - logits.max(dim=-1, keepdim=True).values
'''),
        ("[copia] la prohibida con otro nombre: torch.special.log_softmax", '''
def stable_log_softmax(logits):
    return torch.special.log_softmax(logits, dim=-1)
'''),
        ("[copia] la operación interna de PyTorch: torch.ops.aten._log_softmax", '''
def stable_log_softmax(logits):
    return torch.ops.aten._log_softmax.default(logits, -1, False)
'''),
        ("[copia] el módulo nn.LogSoftmax, creado fuera de la función", '''
_log_softmax_module = torch.nn.LogSoftmax(dim=-1)


def stable_log_softmax(logits):
    return _log_softmax_module(logits)
'''),
        ("[copia] resta el máximo a mano y la suma la hace el método logits.logsumexp", _log_softmax(
            (_SUM_LOG, "shifted.logsumexp(dim=-1, keepdim=True)"))),
        ("[copia] F.log_softmax guardada con otro nombre, que la lectura del código no reconoce", '''
_lsm = getattr(F, "log_" + "soft" + "max")


def stable_log_softmax(logits):
    return _lsm(logits, -1)
'''),
        ("[copia] la softmax de otra librería de torch: Categorical(logits=...).logits ya viene normalizada", '''
from torch.distributions import Categorical


def stable_log_softmax(logits):
    return Categorical(logits=logits).logits
'''),
        ("[copia] la prohibida escondida en una función auxiliar con otro nombre", '''
def _normalise(values):
    return getattr(torch, "log_" + "soft" + "max")(values, dim=-1)


def stable_log_softmax(logits):
    return _normalise(logits)
'''),
        ("[copia] prueba la prohibida y, si salta la trampa, se la traga con try y responde a mano", _HONEST + '''
_lsm = getattr(torch, "log_" + "soft" + "max")


def stable_log_softmax(logits):
    try:
        return _lsm(logits, dim=-1)
    except Exception:
        return _honest(logits)
'''),
    ],
    "nb10-two-losses": [
        ("[mensaje] usa el vocabulario entero: ln 2030", answers(SLUG, "nb10-two-losses", loss_legal_only="7.62")),
        ("[mensaje] da la probabilidad en vez de la pérdida", answers(SLUG, "nb10-two-losses", loss_legal_only="0.05")),
        ("[mensaje] cree que la pérdida se duplica cuando la probabilidad se parte por la mitad",
         answers(SLUG, "nb10-two-losses", extra_loss_half="2.00")),
        ("usa logaritmo en base 10", answers(SLUG, "nb10-two-losses", loss_legal_only="1.30", extra_loss_half="0.30")),
        ("usa logaritmo en base 2 (bits, no nats)",
         answers(SLUG, "nb10-two-losses", loss_legal_only="4.32", extra_loss_half="1.00")),
        ("olvida el signo menos: ln(1/20)", answers(SLUG, "nb10-two-losses", loss_legal_only="-3.00")),
        ("cree que la pérdida sube en p/2", answers(SLUG, "nb10-two-losses", extra_loss_half="0.50")),
        ("recorta ln 20 = 2.9957 a dos decimales en vez de redondearlo", answers(SLUG, "nb10-two-losses", loss_legal_only="2.99")),
    ],
    "nb10-cross-entropy-by-hand": [
        ("[copia] la línea de F.cross_entropy con ignore_index, que el enunciado prohíbe", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    V = logits.shape[-1]
    return F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=ignore_index)
'''),
        ("la pérdida de la librería en forma de módulo, nn.CrossEntropyLoss con ignore_index", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    loss_fn = torch.nn.CrossEntropyLoss(ignore_index=ignore_index)
    return loss_fn(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))
'''),
        ("log_softmax bien, pero la media sin relleno se la pide a F.nll_loss, que el enunciado prohíbe", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    log_p = F.log_softmax(logits, dim=-1)
    return F.nll_loss(log_p.reshape(-1, log_p.shape[-1]), targets.reshape(-1), ignore_index=ignore_index)
'''),
        ("[copia] la celda de las dos posiciones: p[torch.arange(N), objetivos] sobre el lote (B, T, V)", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    p = torch.softmax(logits, dim=-1)
    p_true = p[torch.arange(len(targets)), targets]
    return -torch.log(p_true).mean()
'''),
        ("[global] deja fuera siempre el PAD_ID del cuaderno, no el ignore_index que recibe",
         _by_hand((_MEAN, "return -log_p_true[targets != PAD_ID].mean()"))),
        ("[fijo] devuelve ln 4, la respuesta del primer caso visible", '''
import math


def cross_entropy_by_hand(logits, targets, ignore_index):
    return torch.tensor(math.log(4))
'''),
        ("no quita el relleno: promedia todas las posiciones", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    log_p = F.log_softmax(logits, dim=-1)
    return -log_p.gather(-1, targets.unsqueeze(-1)).squeeze(-1).mean()
'''),
        ("pone a cero el relleno pero divide por todas las posiciones",
         _by_hand(("return -log_p_true[counts].mean()", "return -(log_p_true * counts).sum() / targets.numel()"))),
        ("la máscara al revés: se queda solo con las posiciones ignoradas",
         _by_hand((_MEAN, "return -log_p_true[targets == ignore_index].mean()"))),
        ("softmax y luego log: con una probabilidad diminuta la pérdida es infinita", _by_hand(
            ("F.log_softmax(logits, dim=-1)", "torch.softmax(logits, dim=-1).log()"),
            (_MEAN, "return -log_p_true[targets != ignore_index].mean()"))),
        ("toma el logit del token verdadero sin pasar por log_softmax", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    true_logits = logits.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    return -true_logits[targets != ignore_index].mean()
'''),
        ("olvida el signo menos", _by_hand((_MEAN, "return log_p_true[targets != ignore_index].mean()"))),
        ("suma en vez de promediar", _by_hand((_MEAN, "return -log_p_true[targets != ignore_index].sum()"))),
        ("log_softmax sobre el eje de las posiciones (dim=1) en vez del de los tokens", _by_hand(
            ("F.log_softmax(logits, dim=-1)", "F.log_softmax(logits, dim=1)"),
            (_MEAN, "return -log_p_true[targets != ignore_index].mean()"))),
        ("[copia] F.cross_entropy con su nombre completo, torch.nn.functional.cross_entropy", '''
import torch.nn.functional


def cross_entropy_by_hand(logits, targets, ignore_index):
    flat = logits.reshape(-1, logits.shape[-1])
    return torch.nn.functional.cross_entropy(flat, targets.reshape(-1), ignore_index=ignore_index)
'''),
        ("[copia] la operación interna de PyTorch: torch.ops.aten.cross_entropy_loss", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    flat = logits.reshape(-1, logits.shape[-1])
    return torch.ops.aten.cross_entropy_loss(flat, targets.reshape(-1), None, 1, ignore_index)
'''),
        ("[copia] log_softmax bien y la media sin relleno con el núcleo de nll_loss: torch.ops.aten.nll_loss_forward", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    log_p = F.log_softmax(logits, dim=-1).reshape(-1, logits.shape[-1])
    return torch.ops.aten.nll_loss_forward(log_p, targets.reshape(-1), None, 1, ignore_index)[0]
'''),
        ("[copia] el módulo nn.NLLLoss, creado fuera de la función con otro nombre", '''
_criterion = getattr(torch.nn, "NLL" + "Loss")(reduction="none")


def cross_entropy_by_hand(logits, targets, ignore_index):
    per_position = _criterion(F.log_softmax(logits, dim=-1).reshape(-1, logits.shape[-1]), targets.reshape(-1))
    counts = targets.reshape(-1) != ignore_index
    return per_position[counts].mean()
'''),
        ("[copia] F.cross_entropy guardada con otro nombre y llamada desde una función auxiliar", '''
_loss = getattr(F, "cross_" + "entropy")


def _flat_loss(logits, targets, ignore_index):
    return _loss(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=ignore_index)


def cross_entropy_by_hand(logits, targets, ignore_index):
    return _flat_loss(logits, targets, ignore_index)
'''),
        ("[copia] prueba F.cross_entropy con otro nombre y, si salta la trampa, se la traga con try", '''
_loss = getattr(F, "cross_" + "entropy")


def cross_entropy_by_hand(logits, targets, ignore_index):
    try:
        return _loss(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=ignore_index)
    except Exception:
        log_p_true = F.log_softmax(logits, dim=-1).gather(-1, targets.unsqueeze(-1)).squeeze(-1)
        return -log_p_true[targets != ignore_index].mean()
'''),
    ],
}
