"""Respuestas equivocadas plausibles de 10-entropia-cruzada: {grade_id: [(motivo, celda completa), ...]}."""

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
        ("resta el máximo bien, pero la suma de exponenciales la hace torch.logsumexp, que el enunciado prohíbe", '''
def stable_log_softmax(logits):
    shifted = logits - logits.max(dim=-1, keepdim=True).values
    return shifted - torch.logsumexp(shifted, dim=-1, keepdim=True)
'''),
        ("[fijo] devuelve los valores del caso visible", '''
import math


def stable_log_softmax(logits):
    if logits.dim() == 1:
        return torch.tensor([0.0, -120.0])
    ln2, ln4 = math.log(2), math.log(4)
    return torch.tensor([[-ln4] * 4, [-ln2, -ln2, -1000.0 - ln2, -2000.0 - ln2]])
'''),
        ("resta el máximo para la softmax y luego toma el logaritmo: e^-120 se queda en 0", '''
def stable_log_softmax(logits):
    shifted = logits - logits.max(dim=-1, keepdim=True).values
    exps = torch.exp(shifted)
    return (exps / exps.sum(dim=-1, keepdim=True)).log()
'''),
        ("no resta el máximo: con logits de 1000 la suma de exponenciales es infinita", '''
def stable_log_softmax(logits):
    return logits - torch.exp(logits).sum(dim=-1, keepdim=True).log()
'''),
        ("resta un único máximo global: las filas a otra escala se quedan en 0/0", '''
def stable_log_softmax(logits):
    shifted = logits - logits.max()
    return shifted - torch.exp(shifted).sum(dim=-1, keepdim=True).log()
'''),
        ("olvida keepdim: la suma no se alinea con sus filas", '''
def stable_log_softmax(logits):
    shifted = logits - logits.max(dim=-1).values
    return shifted - torch.exp(shifted).sum(dim=-1).log()
'''),
        ("normaliza sobre el primer eje en vez del último", '''
def stable_log_softmax(logits):
    shifted = logits - logits.max(dim=0, keepdim=True).values
    return shifted - torch.exp(shifted).sum(dim=0, keepdim=True).log()
'''),
        ("devuelve los logits desplazados, sin restar el logaritmo de la suma", '''
def stable_log_softmax(logits):
    return logits - logits.max(dim=-1, keepdim=True).values
'''),
    ],
    "nb10-two-losses": [
        ("[mensaje] usa el vocabulario entero: ln 2030", '''
loss_legal_only = 7.62
extra_loss_half = 0.69
'''),
        ("[mensaje] da la probabilidad en vez de la pérdida", '''
loss_legal_only = 0.05
extra_loss_half = 0.69
'''),
        ("[mensaje] cree que la pérdida se duplica cuando la probabilidad se parte por la mitad", '''
loss_legal_only = 3.00
extra_loss_half = 2.00
'''),
        ("usa logaritmo en base 10", '''
loss_legal_only = 1.30
extra_loss_half = 0.30
'''),
        ("usa logaritmo en base 2 (bits, no nats)", '''
loss_legal_only = 4.32
extra_loss_half = 1.00
'''),
        ("olvida el signo menos: ln(1/20)", '''
loss_legal_only = -3.00
extra_loss_half = 0.69
'''),
        ("cree que la pérdida sube en p/2", '''
loss_legal_only = 3.00
extra_loss_half = 0.50
'''),
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
        ("[global] deja fuera siempre el PAD_ID del cuaderno, no el ignore_index que recibe", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    log_p = F.log_softmax(logits, dim=-1)
    log_p_true = log_p.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    return -log_p_true[targets != PAD_ID].mean()
'''),
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
        ("pone a cero el relleno pero divide por todas las posiciones", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    log_p = F.log_softmax(logits, dim=-1)
    log_p_true = log_p.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    counts = targets != ignore_index
    return -(log_p_true * counts).sum() / targets.numel()
'''),
        ("la máscara al revés: se queda solo con las posiciones ignoradas", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    log_p = F.log_softmax(logits, dim=-1)
    log_p_true = log_p.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    return -log_p_true[targets == ignore_index].mean()
'''),
        ("softmax y luego log: con una probabilidad diminuta la pérdida es infinita", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    log_p = torch.softmax(logits, dim=-1).log()
    log_p_true = log_p.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    return -log_p_true[targets != ignore_index].mean()
'''),
        ("toma el logit del token verdadero sin pasar por log_softmax", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    true_logits = logits.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    return -true_logits[targets != ignore_index].mean()
'''),
        ("olvida el signo menos", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    log_p = F.log_softmax(logits, dim=-1)
    log_p_true = log_p.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    return log_p_true[targets != ignore_index].mean()
'''),
        ("suma en vez de promediar", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    log_p = F.log_softmax(logits, dim=-1)
    log_p_true = log_p.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    return -log_p_true[targets != ignore_index].sum()
'''),
        ("log_softmax sobre el eje de las posiciones (dim=1) en vez del de los tokens", '''
def cross_entropy_by_hand(logits, targets, ignore_index):
    log_p = F.log_softmax(logits, dim=1)
    log_p_true = log_p.gather(-1, targets.unsqueeze(-1)).squeeze(-1)
    return -log_p_true[targets != ignore_index].mean()
'''),
    ],
}
