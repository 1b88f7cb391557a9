"""Séptima clase de prueba del informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Escrita a ciegas y a mano, para comprobar el informe con una clase que nadie ha usado para ajustarlo.
Quien la escribió no abrió las soluciones independientes del catálogo, ni las otras clases de prueba, ni
el código, los umbrales o la documentación del informe de parecidos, y no ejecutó el informe ni nada que
compare alumnos. Ningún alumno se retocó después de medir nada: no se midió nada. Lo único que se
ejecutó es la prueba de respuestas equivocadas (``proof_execution.run``), para comprobar que cada alumno,
menos el blanco, aprueba todos los tests de los tres cuadernos; un alumno que suspendía se arregló leyendo
el error, como lo haría él, antes de darlo por escrito.

Quién es quién:

* Honrados, cada uno por su cuenta, escritos leyendo solo la versión de alumno (``release/``):
  - ``jaime``: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo (``view``,
    ``transpose``, ``Counter``, ``reduction="none"``, ``torch.full``...).
  - ``rosa``: principiante; bucles, pasos intermedios, una variable por paso y nombres largos.
  - ``ignacio``: ya programaba; funciones auxiliares, comprensiones y funciones de torch que el curso no
    enseña (``unfold``, ``unique``, ``chunk``, ``F.pad``, ``log_softmax`` con ``gather``, ``permute``,
    ``unbind``, una máscara ``attn_mask`` en vez de ``is_causal``).
* Pareja, escrita también leyendo solo ``release/``: ``marta`` lo resuelve a su manera (índices con
  ``torch.arange``, ``pad_sequence`` con una fila auxiliar, ``torch.where`` con ``clamp``, grupos en un
  diccionario por ``id``...), y ``felix`` le copia y lo cambia a mano para que no se note: otros nombres,
  comentarios, líneas en blanco, alguna sentencia independiente en otro orden y alguna expresión escrita
  de otra forma equivalente.
* Copión: ``adrian`` pega la solución publicada (``source/``, leída solo después de escribir a los
  honrados y a la pareja) y la disfraza a mano del mismo modo; sigue siendo la solución pegada y
  retocada, no reescrita.
* Blanco: ``paloma`` no entrega nada.

Al leer la solución publicada (después de escribir y guardar en un commit a los honrados y a la pareja)
se vio que ``jaime`` coincide con ella casi línea a línea en varios ejercicios (``data_floor``, ``pad_to``,
``packed_item``, ``loss_per_game``, la atención y el bloque): es lo natural en quien solo usa lo que
enseña el curso, escrito de la manera más directa. No se le retocó.

``WORK[nombre][grade_id]`` es lo que el alumno escribe en lugar del ``raise NotImplementedError()`` de
esa celda de la versión de alumno, sin su sangría (el cuerpo de la función o del método). Todos escriben
todos los ejercicios de código de los tres cuadernos; las predicciones de respuesta corta no están.
"""

from __future__ import annotations

import textwrap

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("jaime", "rosa", "ignacio"), ("marta", "felix"), "adrian", "paloma"


def _code(text: str) -> str:
    """El cuerpo tal como lo escribe el alumno, sin la sangría con la que va escrito aquí."""
    return textwrap.dedent(text).strip("\n") + "\n"


# --- jaime: lo que ha enseñado el curso, corto y directo -------------------------------------------

_JAIME = {
    "nb11-make-xy": _code("""
        n = (len(stream) - 1) // T
        x = stream[: n * T].view(n, T)
        y = stream[1 : n * T + 1].view(n, T)
        return x, y
    """),
    "nb11-accumulated-step": _code("""
        opt.zero_grad()
        size = x.shape[0] // n_micro
        total = 0.0
        for i in range(n_micro):
            xb, yb = x[i * size : (i + 1) * size], y[i * size : (i + 1) * size]
            logits = model(xb)
            loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
            loss.backward()
            total += loss.item()
        opt.step()
        return total
    """),
    "nb11-data-floor": _code("""
        import math
        from collections import Counter

        pairs = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
        pair_counts = Counter(pairs)
        current_counts = Counter(a for a, b in pairs)
        total = 0.0
        for a, b in pairs:
            total -= math.log(pair_counts[(a, b)] / current_counts[a])
        return total / len(pairs)
    """),
    "nb17-pad-to": _code("""
        batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
        for i, seq in enumerate(seqs):
            seq = seq[:T]
            batch[i, : len(seq)] = torch.tensor(seq, dtype=torch.int64)
        return batch
    """),
    "nb17-packed-item": _code("""
        start = int(starts[i])
        x = torch.full((block,), 0, dtype=torch.int64)
        window = stream[start : start + block]
        x[: len(window)] = window
        y = torch.zeros(block, dtype=torch.int64)
        y[:-1] = x[1:]
        return x, y
    """),
    "nb17-loss-per-game": _code("""
        B, T, V = logits.shape
        per_position = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
        real = (y != 0).float()
        return (per_position * real).sum(dim=1) / real.sum(dim=1)
    """),
    "nb18-attention-forward": _code("""
        B, T, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        p = self.dropout if self.training else 0.0
        out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
        out = out.transpose(1, 2).contiguous().view(B, T, d)
        return self.resid_drop(self.proj(out))
    """),
    "nb18-block-forward": _code("""
        x = x + self.attn(self.ln1(x))
        x = x + self.mlp(self.ln2(x))
        return x
    """),
    "nb18-decoder-forward": _code("""
        pos = torch.arange(T, device=idx.device)
        h = self.drop(self.tokens(idx) + self.positions(pos))
        for layer in self.blocks:
            h = layer(h)
        logits = self.lm_head(self.ln_f(h))
        if targets is None:
            return logits, None
        loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
        return logits, loss
    """),
    "nb18-param-groups": _code("""
        decay, no_decay = [], []
        for p in model.parameters():
            if p.dim() >= 2:
                decay.append(p)
            else:
                no_decay.append(p)
        return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    """),
    "nb18-lr-at": _code("""
        if step < warmup:
            return lr * step / warmup
        floor = lr * min_lr_ratio
        if step >= max_steps:
            return floor
        p = (step - warmup) / (max_steps - warmup)
        return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
    """),
}


# --- rosa: principiante, paso a paso ---------------------------------------------------------------

_ROSA = {
    "nb11-make-xy": _code("""
        # primero cuento cuántas ventanas completas caben (cada una lee T + 1 tokens)
        number_of_windows = 0
        while (number_of_windows + 1) * T + 1 <= len(stream):
            number_of_windows = number_of_windows + 1

        input_rows = []
        target_rows = []
        for window_index in range(number_of_windows):
            window_start = window_index * T
            input_window = stream[window_start : window_start + T]
            target_window = stream[window_start + 1 : window_start + T + 1]
            input_rows.append(input_window)
            target_rows.append(target_window)

        x = torch.stack(input_rows)
        y = torch.stack(target_rows)
        return x, y
    """),
    "nb11-accumulated-step": _code("""
        # borro lo que quedara en .grad antes de empezar
        opt.zero_grad()
        batch_size = x.shape[0]
        games_per_piece = batch_size // n_micro
        loss_of_whole_batch = 0.0
        for piece_number in range(n_micro):
            first_game = piece_number * games_per_piece
            last_game = first_game + games_per_piece
            inputs_of_piece = x[first_game:last_game]
            targets_of_piece = y[first_game:last_game]
            logits_of_piece = model(inputs_of_piece)
            vocabulary_size = logits_of_piece.shape[2]
            flat_logits = logits_of_piece.reshape(-1, vocabulary_size)
            flat_targets = targets_of_piece.reshape(-1)
            loss_of_piece = F.cross_entropy(flat_logits, flat_targets)
            # todos los trozos son iguales: cada uno pone 1/n_micro de la media
            part_of_the_mean = loss_of_piece / n_micro
            part_of_the_mean.backward()
            loss_of_whole_batch = loss_of_whole_batch + part_of_the_mean.item()
        # un solo paso al final, con los gradientes de todos los trozos sumados
        opt.step()
        return loss_of_whole_batch
    """),
    "nb11-data-floor": _code("""
        import math

        flat_current = x.reshape(-1).tolist()
        flat_next = y.reshape(-1).tolist()
        number_of_positions = len(flat_current)

        # cuento cada token actual y cada pareja (actual, siguiente)
        times_current_seen = {}
        times_pair_seen = {}
        for position in range(number_of_positions):
            current_token = flat_current[position]
            next_token = flat_next[position]
            if current_token in times_current_seen:
                times_current_seen[current_token] += 1
            else:
                times_current_seen[current_token] = 1
            pair = (current_token, next_token)
            if pair in times_pair_seen:
                times_pair_seen[pair] += 1
            else:
                times_pair_seen[pair] = 1

        # ahora sumo -ln p(b | a) en cada posición
        sum_of_minus_logs = 0.0
        for position in range(number_of_positions):
            current_token = flat_current[position]
            next_token = flat_next[position]
            probability = times_pair_seen[(current_token, next_token)] / times_current_seen[current_token]
            sum_of_minus_logs = sum_of_minus_logs - math.log(probability)

        floor_value = sum_of_minus_logs / number_of_positions
        return floor_value
    """),
    "nb17-pad-to": _code("""
        all_rows = []
        for sequence in seqs:
            new_row = []
            for position in range(T):
                if position < len(sequence):
                    new_row.append(sequence[position])
                else:
                    new_row.append(pad_id)
            all_rows.append(new_row)
        result = torch.tensor(all_rows, dtype=torch.int64)
        return result
    """),
    "nb17-packed-item": _code("""
        start_position = int(starts[i])
        stream_length = len(stream)

        # x: los block tokens desde el <bos>, con <pad> si el flujo se acaba
        x_values = []
        for offset in range(block):
            position_in_stream = start_position + offset
            if position_in_stream < stream_length:
                x_values.append(int(stream[position_in_stream]))
            else:
                x_values.append(0)

        # y: x desplazado una posición y <pad> al final
        y_values = []
        for offset in range(block - 1):
            y_values.append(x_values[offset + 1])
        y_values.append(0)

        x = torch.tensor(x_values, dtype=torch.int64)
        y = torch.tensor(y_values, dtype=torch.int64)
        return x, y
    """),
    "nb17-loss-per-game": _code("""
        batch_size = logits.shape[0]
        number_of_positions = logits.shape[1]
        vocabulary_size = logits.shape[2]
        flat_logits = logits.reshape(batch_size * number_of_positions, vocabulary_size)
        flat_targets = y.reshape(batch_size * number_of_positions)
        # con ignore_index=0 las posiciones de relleno dan 0
        flat_losses = F.cross_entropy(flat_logits, flat_targets, reduction="none", ignore_index=0)
        losses_by_game = flat_losses.reshape(batch_size, number_of_positions)
        is_real_target = y != 0
        real_targets_per_game = is_real_target.sum(dim=1)
        loss_sum_per_game = losses_by_game.sum(dim=1)
        mean_loss_per_game = loss_sum_per_game / real_targets_per_game
        return mean_loss_per_game
    """),
    "nb18-attention-forward": _code("""
        batch_size, sequence_length, model_width = x.shape
        number_of_heads = self.n_head
        size_of_head = self.head_dim

        queries_keys_values = self.qkv(x)
        queries = queries_keys_values[:, :, 0:model_width]
        keys = queries_keys_values[:, :, model_width : 2 * model_width]
        values = queries_keys_values[:, :, 2 * model_width : 3 * model_width]

        # separo las cabezas y las pongo delante de las posiciones
        queries = queries.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
        keys = keys.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
        values = values.reshape(batch_size, sequence_length, number_of_heads, size_of_head)
        queries = queries.transpose(1, 2)
        keys = keys.transpose(1, 2)
        values = values.transpose(1, 2)

        if self.training:
            dropout_probability = self.dropout
        else:
            dropout_probability = 0.0
        attention_output = F.scaled_dot_product_attention(
            queries, keys, values, dropout_p=dropout_probability, is_causal=True
        )

        # vuelvo a juntar las cabezas
        attention_output = attention_output.transpose(1, 2)
        attention_output = attention_output.reshape(batch_size, sequence_length, model_width)
        projected_output = self.proj(attention_output)
        final_output = self.resid_drop(projected_output)
        return final_output
    """),
    "nb18-block-forward": _code("""
        normalized_for_attention = self.ln1(x)
        attention_result = self.attn(normalized_for_attention)
        after_first_residual = x + attention_result
        normalized_for_mlp = self.ln2(after_first_residual)
        mlp_result = self.mlp(normalized_for_mlp)
        after_second_residual = after_first_residual + mlp_result
        return after_second_residual
    """),
    "nb18-decoder-forward": _code("""
        device_of_input = idx.device
        position_numbers = torch.arange(0, T, device=device_of_input)
        token_vectors = self.tokens(idx)
        position_vectors = self.positions(position_numbers)
        hidden = token_vectors + position_vectors
        hidden = self.drop(hidden)
        for current_block in self.blocks:
            hidden = current_block(hidden)
        hidden = self.ln_f(hidden)
        logits = self.lm_head(hidden)

        if targets is None:
            loss = None
        else:
            vocabulary_size = logits.shape[2]
            flat_logits = logits.reshape(B * T, vocabulary_size)
            flat_targets = targets.reshape(B * T)
            loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=PAD_ID)
        return logits, loss
    """),
    "nb18-param-groups": _code("""
        parameters_with_decay = []
        parameters_without_decay = []
        for parameter_name, parameter in model.named_parameters():
            number_of_dimensions = len(parameter.shape)
            if number_of_dimensions >= 2:
                parameters_with_decay.append(parameter)
            else:
                parameters_without_decay.append(parameter)
        first_group = {"params": parameters_with_decay, "weight_decay": weight_decay}
        second_group = {"params": parameters_without_decay, "weight_decay": 0.0}
        return [first_group, second_group]
    """),
    "nb18-lr-at": _code("""
        import math

        minimum_learning_rate = lr * min_lr_ratio
        if step < warmup:
            fraction_of_warmup = step / warmup
            current_learning_rate = lr * fraction_of_warmup
        elif step <= max_steps:
            steps_since_warmup = step - warmup
            length_of_decay = max_steps - warmup
            progress = steps_since_warmup / length_of_decay
            cosine_part = (1 + math.cos(math.pi * progress)) / 2
            current_learning_rate = minimum_learning_rate + (lr - minimum_learning_rate) * cosine_part
        else:
            current_learning_rate = minimum_learning_rate
        return float(current_learning_rate)
    """),
}


# --- ignacio: ya programaba ------------------------------------------------------------------------

_IGNACIO = {
    "nb11-make-xy": _code("""
        # ventanas de T + 1 tokens que avanzan de T en T: unfold solo da las completas
        windows = stream.unfold(0, T + 1, T)
        return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
    """),
    "nb11-accumulated-step": _code("""
        opt.zero_grad(set_to_none=True)
        n_targets = y.numel()
        running = 0.0
        for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
            logits = model(xs)
            # la suma del trozo entre el total del lote: las partes suman la media entera
            part = F.cross_entropy(logits.flatten(0, 1), ys.flatten(), reduction="sum") / n_targets
            part.backward()
            running += part.detach()
        opt.step()
        return float(running)
    """),
    "nb11-data-floor": _code("""
        def count_each(keys):
            # para cada posición, cuántas veces sale su clave
            _, inverse, counts = torch.unique(keys, return_inverse=True, return_counts=True)
            return counts[inverse].double()

        a, b = x.reshape(-1), y.reshape(-1)
        width = int(max(a.max(), b.max())) + 1
        p = count_each(a * width + b) / count_each(a)
        return -p.log().mean().item()
    """),
    "nb17-pad-to": _code("""
        rows = [list(s[:T]) + [pad_id] * max(0, T - len(s)) for s in seqs]
        return torch.tensor(rows, dtype=torch.long).view(len(seqs), T)
    """),
    "nb17-packed-item": _code("""
        s = int(starts[i])
        chunk = stream[s : s + block].long()
        x = F.pad(chunk, (0, block - chunk.numel()), value=0)
        y = torch.cat([x[1:], x.new_zeros(1)])
        return x, y
    """),
    "nb17-loss-per-game": _code("""
        logp = logits.log_softmax(dim=-1)
        picked = logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)  # (B, T)
        mask = y.ne(0)
        return -picked.masked_fill(~mask, 0.0).sum(1) / mask.sum(1)
    """),
    "nb18-attention-forward": _code("""
        B, T, _ = x.shape
        q, k, v = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4).unbind(0)
        causal = torch.ones(T, T, dtype=torch.bool, device=x.device).tril()
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=causal,
                                             dropout_p=self.dropout if self.training else 0.0)
        return self.resid_drop(self.proj(out.permute(0, 2, 1, 3).flatten(2)))
    """),
    "nb18-block-forward": _code("""
        for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
            x = x + sublayer(norm(x))
        return x
    """),
    "nb18-decoder-forward": _code("""
        h = self.drop(self.tokens(idx) + self.positions.weight[:T])
        for blk in self.blocks:
            h = blk(h)
        logits = self.lm_head(self.ln_f(h))
        loss = None if targets is None else F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=0)
        return logits, loss
    """),
    "nb18-param-groups": _code("""
        params = list(model.parameters())
        return [
            {"params": [p for p in params if p.ndim >= 2], "weight_decay": weight_decay},
            {"params": [p for p in params if p.ndim < 2], "weight_decay": 0.0},
        ]
    """),
    "nb18-lr-at": _code("""
        def half_cosine(fraction):
            return 0.5 * (1.0 + math.cos(math.pi * fraction))

        if step < warmup:
            return lr * step / warmup
        floor = lr * min_lr_ratio
        return floor + (lr - floor) * half_cosine(min(1.0, (step - warmup) / (max_steps - warmup)))
    """),
}


# --- marta: lo resuelve a su manera ----------------------------------------------------------------

_MARTA = {
    "nb11-make-xy": _code("""
        count = (len(stream) - 1) // T
        starts = torch.arange(count) * T
        offsets = torch.arange(T)
        positions = starts[:, None] + offsets[None, :]
        return stream[positions], stream[positions + 1]
    """),
    "nb11-accumulated-step": _code("""
        size = len(x) // n_micro
        opt.zero_grad()
        losses = []
        for start in range(0, len(x), size):
            out = model(x[start : start + size])
            V = out.size(-1)
            piece = F.cross_entropy(out.reshape(-1, V), y[start : start + size].reshape(-1))
            (piece * size / len(x)).backward()
            losses.append(piece.item())
        opt.step()
        return sum(losses) / len(losses)
    """),
    "nb11-data-floor": _code("""
        from collections import Counter
        import math

        cur = x.flatten().tolist()
        nxt = y.flatten().tolist()
        seen_pairs = Counter(zip(cur, nxt))
        seen_cur = Counter(cur)
        acc = 0.0
        for (a, b), c in seen_pairs.items():
            acc += c * math.log(c / seen_cur[a])
        return -acc / len(cur)
    """),
    "nb17-pad-to": _code("""
        from torch.nn.utils.rnn import pad_sequence

        cut = [torch.tensor(s[:T], dtype=torch.int64) for s in seqs]
        cut.append(torch.zeros(T, dtype=torch.int64))  # una fila de T para que el relleno llegue a T
        out = pad_sequence(cut, batch_first=True, padding_value=pad_id)
        return out[:-1]
    """),
    "nb17-packed-item": _code("""
        pos = int(starts[i]) + torch.arange(block + 1)
        inside = pos < len(stream)
        tokens = torch.where(inside, stream[pos.clamp(max=len(stream) - 1)].long(), torch.zeros((), dtype=torch.long))
        x = tokens[:-1]
        y = tokens[1:].clone()
        y[-1] = 0
        return x, y
    """),
    "nb17-loss-per-game": _code("""
        flat = F.cross_entropy(logits.flatten(0, 1), y.flatten(), ignore_index=0, reduction="none")
        per_pos = flat.view_as(y)
        counted = (y > 0).sum(dim=-1)
        return per_pos.sum(dim=-1) / counted
    """),
    "nb18-attention-forward": _code("""
        B, T, C = x.shape
        H, D = self.n_head, self.head_dim
        heads = [t.reshape(B, T, H, D).permute(0, 2, 1, 3) for t in self.qkv(x).chunk(3, dim=-1)]
        drop = self.dropout if self.training else 0.0
        att = F.scaled_dot_product_attention(*heads, is_causal=True, dropout_p=drop)
        merged = att.permute(0, 2, 1, 3).reshape(B, T, C)
        return self.resid_drop(self.proj(merged))
    """),
    "nb18-block-forward": _code("""
        h = self.attn(self.ln1(x)) + x
        return h + self.mlp(self.ln2(h))
    """),
    "nb18-decoder-forward": _code("""
        where = torch.arange(T, device=idx.device).unsqueeze(0)  # (1, T)
        h = self.drop(self.positions(where) + self.tokens(idx))
        for layer in self.blocks:
            h = layer(h)
        logits = self.lm_head(self.ln_f(h))
        loss = None
        if targets is not None:
            V = logits.size(-1)
            loss = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=PAD_ID)
        return logits, loss
    """),
    "nb18-param-groups": _code("""
        unique = {id(p): p for p in model.parameters()}.values()
        groups = {True: [], False: []}
        for p in unique:
            groups[p.dim() > 1].append(p)
        return [dict(params=groups[True], weight_decay=weight_decay), dict(params=groups[False], weight_decay=0.0)]
    """),
    "nb18-lr-at": _code("""
        s = lr * min_lr_ratio
        if step >= max_steps:
            return float(s)
        if step >= warmup:
            t = (step - warmup) / (max_steps - warmup)
            return s + (lr - s) * (1 + math.cos(t * math.pi)) / 2
        return float(step) / warmup * lr
    """),
}


# --- felix: copia a marta y lo disimula ------------------------------------------------------------

_FELIX = {
    "nb11-make-xy": _code("""
        # cuántas ventanas completas caben
        n_windows = (stream.shape[0] - 1) // T
        cols = torch.arange(T)
        rows = T * torch.arange(n_windows)

        idx = rows.unsqueeze(1) + cols.unsqueeze(0)
        return stream[idx], stream[idx + 1]
    """),
    "nb11-accumulated-step": _code("""
        step_size = x.shape[0] // n_micro
        # apunto la pérdida de cada trozo
        piece_losses = []
        opt.zero_grad()

        for begin in range(0, x.shape[0], step_size):
            logits = model(x[begin : begin + step_size])
            n_vocab = logits.shape[-1]
            chunk_loss = F.cross_entropy(logits.view(-1, n_vocab), y[begin : begin + step_size].reshape(-1))
            piece_losses.append(chunk_loss.item())
            (chunk_loss * (step_size / x.shape[0])).backward()
        opt.step()
        return sum(piece_losses) / len(piece_losses)
    """),
    "nb11-data-floor": _code("""
        import math
        from collections import Counter

        currents = x.reshape(-1).tolist()
        followers = y.reshape(-1).tolist()
        by_current = Counter(currents)
        by_pair = Counter(zip(currents, followers))

        # cada pareja distinta pesa tantas veces como salió
        total = 0.0
        for (cur_tok, next_tok), times in by_pair.items():
            total = total + times * math.log(times / by_current[cur_tok])
        return -total / len(currents)
    """),
    "nb17-pad-to": _code("""
        from torch.nn.utils.rnn import pad_sequence

        # recorto cada partida a T ids
        rows = [torch.tensor(game[:T], dtype=torch.long) for game in seqs]
        # y añado una fila auxiliar de largo T: así el lote sale con T columnas
        rows = rows + [torch.zeros(T, dtype=torch.long)]

        padded = pad_sequence(rows, padding_value=pad_id, batch_first=True)
        return padded[: len(seqs)]
    """),
    "nb17-packed-item": _code("""
        n = len(stream)
        where_from = torch.arange(block + 1) + int(starts[i])
        # lo que cae fuera del flujo se queda en <pad>
        valid = where_from < n
        read = stream[where_from.clamp(max=n - 1)].to(torch.int64)
        ids = torch.where(valid, read, torch.tensor(0))

        y = ids[1:].clone()
        y[-1] = 0
        x = ids[:-1]
        return x, y
    """),
    "nb17-loss-per-game": _code("""
        # pérdida de cada posición; la del relleno sale 0
        losses = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), y.reshape(-1), reduction="none", ignore_index=0)
        losses = losses.reshape(y.shape)

        n_real = (y != 0).sum(-1)
        return losses.sum(-1) / n_real
    """),
    "nb18-attention-forward": _code("""
        batch, steps, width = x.shape
        n_h, h_dim = self.n_head, self.head_dim
        p_drop = 0.0 if not self.training else self.dropout
        # q, k y v, cada una con sus cabezas delante
        q_k_v = [part.reshape(batch, steps, n_h, h_dim).permute(0, 2, 1, 3) for part in self.qkv(x).chunk(3, dim=-1)]

        out = F.scaled_dot_product_attention(*q_k_v, dropout_p=p_drop, is_causal=True)
        out = out.permute(0, 2, 1, 3).reshape(batch, steps, width)
        return self.resid_drop(self.proj(out))
    """),
    "nb18-block-forward": _code("""
        # primera suma residual
        mid = x + self.attn(self.ln1(x))

        out = self.mlp(self.ln2(mid)) + mid
        return out
    """),
    "nb18-decoder-forward": _code("""
        loss = None
        position_ids = torch.arange(T, device=idx.device)[None, :]
        # los dos embeddings sumados, y el dropout
        hidden = self.drop(self.tokens(idx) + self.positions(position_ids))
        for blk in self.blocks:
            hidden = blk(hidden)

        logits = self.lm_head(self.ln_f(hidden))
        if targets is not None:
            n_vocab = logits.shape[-1]
            loss = F.cross_entropy(logits.view(-1, n_vocab), targets.reshape(-1), ignore_index=0)
        return logits, loss
    """),
    "nb18-param-groups": _code("""
        by_kind = {False: [], True: []}
        # cada parámetro una sola vez (el atado sale una)
        distinct = {id(t): t for t in model.parameters()}.values()
        for t in distinct:
            by_kind[t.ndim >= 2].append(t)

        return [dict(weight_decay=weight_decay, params=by_kind[True]),
                dict(weight_decay=0.0, params=by_kind[False])]
    """),
    "nb18-lr-at": _code("""
        floor_lr = min_lr_ratio * lr
        # calentamiento: una recta desde 0
        if step < warmup:
            return lr * float(step) / warmup
        if step >= max_steps:
            return float(floor_lr)

        frac = (step - warmup) / (max_steps - warmup)
        return floor_lr + (lr - floor_lr) * (math.cos(math.pi * frac) + 1) / 2
    """),
}


# --- adrian: pega la solución publicada y la disfraza ----------------------------------------------

_ADRIAN = {
    "nb11-make-xy": _code("""
        # ventanas enteras que caben
        count = (stream.shape[0] - 1) // T

        inputs = stream[: count * T].reshape(count, T)
        targets = stream[1 : count * T + 1].reshape(-1, T)
        return inputs, targets
    """),
    "nb11-accumulated-step": _code("""
        opt.zero_grad()
        piece = x.shape[0] // n_micro
        loss_sum = 0.0

        for begin in range(0, len(x), piece):
            out = model(x[begin : begin + piece])
            # pérdida media del trozo
            piece_loss = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[begin : begin + piece].reshape(-1))
            loss_sum += piece_loss.item()
            (piece_loss / n_micro).backward()
        opt.step()
        return loss_sum / n_micro
    """),
    "nb11-data-floor": _code("""
        from collections import Counter
        import math

        # (actual, siguiente) de cada posición
        couples = list(zip(x.flatten().tolist(), y.flatten().tolist()))
        current_seen = Counter(cur for cur, _ in couples)
        couple_seen = Counter(couples)

        acc = 0.0
        for cur, nxt in couples:
            acc = acc - math.log(couple_seen[(cur, nxt)] / current_seen[cur])
        return acc / len(couples)
    """),
    "nb17-pad-to": _code("""
        out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
        for row, ids in enumerate(seqs):
            # como mucho T ids
            head = list(ids)[:T]
            out[row, : len(head)] = torch.tensor(head, dtype=torch.long)

        return out
    """),
    "nb17-packed-item": _code("""
        begin = int(starts[i])
        x = torch.zeros(block, dtype=torch.int64)
        y = torch.zeros(block, dtype=torch.int64)
        # si el flujo se acaba antes, el trozo tiene menos de block tokens
        chunk = stream[begin : begin + block]
        x[: len(chunk)] = chunk
        y[: block - 1] = x[1:]
        return x, y
    """),
    "nb17-loss-per-game": _code("""
        B, T, V = logits.shape
        real = y != 0
        # pérdida de cada posición, en (B, T)
        losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)

        return (losses * real).sum(1) / real.sum(1)
    """),
    "nb18-attention-forward": _code("""
        B, T, d = x.shape
        queries, keys, values = self.qkv(x).split(d, dim=-1)
        # cabezas delante: (B, H, T, D)
        queries, keys, values = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (queries, keys, values))
        p = 0.0 if not self.training else self.dropout
        att = F.scaled_dot_product_attention(queries, keys, values, is_causal=True, dropout_p=p)

        att = att.transpose(1, 2).contiguous().view(B, T, d)
        return self.resid_drop(self.proj(att))
    """),
    "nb18-block-forward": _code("""
        # primer residuo: la atención
        h = x + self.attn(self.ln1(x))
        return h + self.mlp(self.ln2(h))
    """),
    "nb18-decoder-forward": _code("""
        loss = None
        pos = torch.arange(T, device=idx.device)
        h = self.drop(self.tokens(idx) + self.positions(pos))
        for layer in self.blocks:
            h = layer(h)

        logits = self.lm_head(self.ln_f(h))
        # el relleno (0) no cuenta en la pérdida
        if targets is not None:
            loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
        return logits, loss
    """),
    "nb18-param-groups": _code("""
        flat = [t for t in model.parameters() if t.dim() < 2]
        matrices = [t for t in model.parameters() if t.dim() > 1]
        return [{"params": matrices, "weight_decay": weight_decay},
                {"params": flat, "weight_decay": 0.0}]
    """),
    "nb18-lr-at": _code("""
        if step < warmup:
            return step / warmup * lr
        low = min_lr_ratio * lr
        # fracción del coseno ya recorrida, sin pasar de 1
        frac = min(1.0, (step - warmup) / (max_steps - warmup))
        return low + (lr - low) * (1 + math.cos(math.pi * frac)) / 2
    """),
}


WORK = {
    "jaime": _JAIME,
    "rosa": _ROSA,
    "ignacio": _IGNACIO,
    "marta": _MARTA,
    "felix": _FELIX,
    "adrian": _ADRIAN,
    "paloma": {},
}
