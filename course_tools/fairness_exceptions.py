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
    # 00-cuadernos
    ('00-cuadernos', 'nb00-count-moves-to', 'sin enseñar: sintaxis:corte', ISSUE_22),
    ('00-cuadernos', 'nb00-count-moves-to', 'sin enseñar: sintaxis:generador', ISSUE_22),
    ('00-cuadernos', 'nb00-count-moves-to', 'sin enseñar: sintaxis:if-en-comprension', ISSUE_22),
    ('00-cuadernos', 'nb00-count-moves-to', 'sin enseñar: sum', ISSUE_22),
    ('00-cuadernos', 'nb00-count-moves-to', 'entradas escritas tal cual', ISSUE_22),
    ('00-cuadernos', 'nb00-side-moves', 'sin enseñar: sintaxis:corte-con-paso', ISSUE_22),
    ('00-cuadernos', 'nb00-side-moves', 'sin enseñar: sintaxis:if-else', ISSUE_22),
    ('00-cuadernos', 'nb00-side-moves', 'entradas escritas tal cual', ISSUE_22),
    ('00-cuadernos', 'nb00-last-move', 'sin enseñar: sintaxis:%', ISSUE_22),
    ('00-cuadernos', 'nb00-last-move', 'sin enseñar: sintaxis://', ISSUE_22),
    ('00-cuadernos', 'nb00-last-move', 'sin enseñar: sintaxis:if', ISSUE_22),
    ('00-cuadernos', 'nb00-last-move', 'sin enseñar: sintaxis:not', ISSUE_22),
    ('00-cuadernos', 'nb00-last-move', 'una sola entrada: last_move', ISSUE_22),
    ('00-cuadernos', 'nb00-last-move', 'entradas escritas tal cual', ISSUE_22),
    # 01-python
    # 02-numpy
    ('02-numpy', 'nb02-previous-given-next', 'sin enseñar: .T', ISSUE_22),
    ('02-numpy', 'nb02-previous-given-next', "regla solo en los ocultos: check_vectorized(previous_given_next, 'previous_given_next')", ISSUE_22),
    ('02-numpy', 'nb02-previous-given-next', 'una sola entrada: previous_given_next', ISSUE_22),
    ('02-numpy', 'nb02-previous-given-next', 'entradas escritas tal cual', ISSUE_22),
    ('02-numpy', 'nb02-previous-given-next', 'esperado en una global: _expected', ISSUE_22),
    ('02-numpy', 'nb02-played-probs', "regla solo en los ocultos: check_vectorized(played_probs, 'played_probs')", ISSUE_22),
    ('02-numpy', 'nb02-played-probs', 'una sola entrada: played_probs', ISSUE_22),
    ('02-numpy', 'nb02-played-probs', 'entradas escritas tal cual', ISSUE_22),
    ('02-numpy', 'nb02-played-probs', 'esperado en una global: _expected', ISSUE_22),
    ('02-numpy', 'nb02-by-frequency', "regla solo en los ocultos: check_vectorized(by_frequency, 'by_frequency')", ISSUE_22),
    ('02-numpy', 'nb02-by-frequency', 'entradas escritas tal cual', ISSUE_22),
    # 04-tipos
    ('04-tipos', 'nb04-black-elo-ids', "regla solo en los ocultos: check_vectorized(black_elo_ids, 'black_elo_ids')", ISSUE_22),
    ('04-tipos', 'nb04-black-elo-ids', 'una sola entrada: black_elo_ids', ISSUE_22),
    ('04-tipos', 'nb04-black-elo-ids', 'entradas escritas tal cual', ISSUE_22),
    ('04-tipos', 'nb04-ids-from-bytes', "regla solo en los ocultos: check_vectorized(ids_from_bytes, 'ids_from_bytes')", ISSUE_22),
    ('04-tipos', 'nb04-ids-from-bytes', 'una sola entrada: ids_from_bytes', ISSUE_22),
    ('04-tipos', 'nb04-ids-from-bytes', 'entradas escritas tal cual', ISSUE_22),
    ('04-tipos', 'nb04-ids-from-bytes', 'esperado en una global: _expected', ISSUE_22),
    # 05-broadcasting
    # 06-indexado
    # 07-formas
    ('07-formas', 'nb07-split-qkv', 'una sola entrada: split_qkv', ISSUE_22),
    ('07-formas', 'nb07-split-heads-interleaved', 'una sola entrada: split_heads_interleaved', ISSUE_22),
    # 08-modulos
    ('08-modulos', 'nb08-mlp', 'una sola entrada: MLP()', ISSUE_22),
    ('08-modulos', 'nb08-mlp', 'entradas escritas tal cual', ISSUE_22),
    ('08-modulos', 'nb08-tied-decoder', 'una sola entrada: TiedDecoder', ISSUE_22),
    ('08-modulos', 'nb08-tied-decoder', 'una sola entrada: TiedDecoder()', ISSUE_22),
    ('08-modulos', 'nb08-tied-decoder', 'entradas escritas tal cual', ISSUE_22),
    ('08-modulos', 'nb08-fix-decoder', 'una sola entrada: TinyDecoder', ISSUE_22),
    # 09-autograd
    ('09-autograd', 'nb09-derivative-at', 'sin enseñar: .requires_grad_', ISSUE_23),
    ('09-autograd', 'nb09-derivative-at', "regla solo en los ocultos: check_vectorized(derivative_at, 'derivative_at')", ISSUE_23),
    ('09-autograd', 'nb09-derivative-at', 'una sola entrada: derivative_at', ISSUE_23),
    ('09-autograd', 'nb09-derivative-at', 'entradas escritas tal cual', ISSUE_23),
    ('09-autograd', 'nb09-cubic-step', 'una sola entrada: cubic_step', ISSUE_23),
    ('09-autograd', 'nb09-cubic-step', 'entradas escritas tal cual', ISSUE_23),
    # 10-entropia-cruzada
    ('10-entropia-cruzada', 'nb10-stable-log-softmax', 'entradas escritas tal cual', ISSUE_23),
    ('10-entropia-cruzada', 'nb10-cross-entropy-by-hand', 'entradas escritas tal cual', ISSUE_23),
    # 11-bucle
    ('11-bucle', 'nb11-make-xy', 'una sola entrada: make_xy', ISSUE_23),
    ('11-bucle', 'nb11-make-xy', 'entradas escritas tal cual', ISSUE_23),
    ('11-bucle', 'nb11-accumulated-step', 'una sola entrada: accumulated_step', ISSUE_23),
    ('11-bucle', 'nb11-data-floor', 'entradas escritas tal cual', ISSUE_23),
    # 13-dispositivo
    ('13-dispositivo', 'nb13-to-device', 'sin enseñar: .items', ISSUE_23),
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
    ('17-partidas-a-lotes', 'nb17-elo-token-ids', "regla solo en los ocultos: check_vectorized(elo_token_ids, 'elo_token_ids')", ISSUE_23),
    ('17-partidas-a-lotes', 'nb17-elo-token-ids', 'entradas escritas tal cual', ISSUE_23),
    ('17-partidas-a-lotes', 'nb17-pad-to', 'entradas escritas tal cual', ISSUE_23),
    ('17-partidas-a-lotes', 'nb17-loss-per-game', "regla solo en los ocultos: check_vectorized(loss_per_game, 'loss_per_game')", ISSUE_23),
    ('17-partidas-a-lotes', 'nb17-loss-per-game', 'una sola entrada: loss_per_game', ISSUE_23),
    ('17-partidas-a-lotes', 'nb17-loss-per-game', 'entradas escritas tal cual', ISSUE_23),
    # curso
    ('curso', None, 'predicciones por encima del 10 %', ISSUES_22_AND_23),
)
