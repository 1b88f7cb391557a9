"""Excepciones de las comprobaciones de ejercicios justos (``course_tools/fairness.py``).

Cada entrada es ``(cuaderno, grade_id del ejercicio, qué incumple, motivo)``. «Qué incumple» es la
clave del problema tal como la pone ``fairness`` (``sin enseñar: torch.arange``, ``una sola
entrada: f``…); lo que es de todo el curso usa el cuaderno ``"curso"`` y ningún grade_id.
``python -m course_tools fairness [NN-slug]`` lista los problemas de cada cuaderno, también los
que están aquí. Una excepción que ya no corresponde a nada se señala: bórrala al arreglar el
ejercicio, para que la lista encoja.

Las de hoy son el punto de partida de las comprobaciones, pendientes de que los autores de los
cuadernos arreglen sus ejercicios: el issue 22 para 00–08 y el 23 para 09–17.
"""

ISSUE_22 = "pendiente: issue 22"
ISSUE_23 = "pendiente: issue 23"
ISSUES_22_AND_23 = "pendiente: issue 22 (cuadernos 00–08) e issue 23 (09–17)"

EXCEPTIONS: tuple[tuple[str, str | None, str, str], ...] = (
    # 09-autograd
    # 10-entropia-cruzada
    ('10-entropia-cruzada', 'nb10-stable-log-softmax', 'entradas escritas tal cual', ISSUE_23),
    ('10-entropia-cruzada', 'nb10-cross-entropy-by-hand', 'entradas escritas tal cual', ISSUE_23),
    # 11-bucle
    ('11-bucle', 'nb11-make-xy', 'una sola entrada: make_xy', ISSUE_23),
    ('11-bucle', 'nb11-make-xy', 'entradas escritas tal cual', ISSUE_23),
    ('11-bucle', 'nb11-accumulated-step', 'una sola entrada: accumulated_step', ISSUE_23),
    ('11-bucle', 'nb11-data-floor', 'entradas escritas tal cual', ISSUE_23),
    # 12-evaluar
    ('12-evaluar', 'nb12-forward-frozen', 'una sola entrada: forward_frozen', ISSUE_23),
    ('12-evaluar', 'nb12-forward-frozen', 'esperado en una global: _expected', ISSUE_23),
    ('12-evaluar', 'nb12-evaluate', 'esperado en una global: _one_batch', ISSUE_23),
    # 13-dispositivo
    ('13-dispositivo', 'nb13-positional-forward', 'entradas escritas tal cual', ISSUE_23),
    ('13-dispositivo', 'nb13-positional-forward', 'esperado en una global: _expected', ISSUE_23),
    # 14-atencion
    ('14-atencion', 'nb14-attention-received', 'una sola entrada: attention_received', ISSUE_23),
    ('14-atencion', 'nb14-attention-received', 'entradas escritas tal cual', ISSUE_23),
    ('14-atencion', 'nb14-window-mask', 'sin enseñar: diagonal=', ISSUE_23),
    ('14-atencion', 'nb14-window-mask', 'sin enseñar: torch.triu', ISSUE_23),
    ('14-atencion', 'nb14-window-mask', 'una sola entrada: window_mask', ISSUE_23),
    ('14-atencion', 'nb14-window-mask', 'entradas escritas tal cual', ISSUE_23),
    ('14-atencion', 'nb14-window-mask', 'esperado en una global: _expected', ISSUE_23),
    ('14-atencion', 'nb14-cached-attention', "regla solo en los ocultos: check_vectorized(cached_attention, 'cached_attention')", ISSUE_23),
    ('14-atencion', 'nb14-cached-attention', 'esperado en una global: _full', ISSUE_23),
    # 15-mas-detalles
    ('15-mas-detalles', 'nb15-played-logits', "regla solo en los ocultos: check_vectorized(played_logits, 'played_logits')", ISSUE_23),
    ('15-mas-detalles', 'nb15-played-logits', 'una sola entrada: played_logits', ISSUE_23),
    ('15-mas-detalles', 'nb15-played-logits', 'entradas escritas tal cual', ISSUE_23),
    ('15-mas-detalles', 'nb15-scores-heads-last', "regla solo en los ocultos: check_vectorized(scores_heads_last, 'scores_heads_last')", ISSUE_23),
    ('15-mas-detalles', 'nb15-scores-heads-last', 'una sola entrada: scores_heads_last', ISSUE_23),
    ('15-mas-detalles', 'nb15-scores-heads-last', 'esperado en una global: _expected', ISSUE_23),
    # 16-depuracion
    ('16-depuracion', 'nb16-elo-mse', 'una sola entrada: elo_mse', ISSUE_23),
    ('16-depuracion', 'nb16-elo-mse', 'entradas escritas tal cual', ISSUE_23),
    ('16-depuracion', 'nb16-mask-padding', 'una sola entrada: mask_padding', ISSUE_23),
    ('16-depuracion', 'nb16-mask-padding', 'esperado en una global: _expected', ISSUE_23),
    # 17-partidas-a-lotes
    # curso
    ('curso', None, 'predicciones por encima del 10 %', ISSUES_22_AND_23),
)
