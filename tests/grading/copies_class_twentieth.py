"""Vigésima clase de prueba del informe de parecidos: escrita a ciegas, a mano, y apartada.

Ningún ajuste del informe la ha visto: sirve para comprobarlo, no para calibrarlo. Cubre los ejercicios
de código de los cuadernos 11-bucle, 17-partidas-a-lotes y 18-decoder (no las predicciones de respuesta
corta). Cada código es lo que el alumno pone en lugar del ``raise NotImplementedError()`` de su celda,
sin la sangría (el cuerpo de la función o del método).

Quién es quién:

- ``ricardo`` (honrado): solo usa lo que el curso ha enseñado hasta cada cuaderno; escribe corto y
  directo (cortes y ``reshape``, ``Counter``, ``F.cross_entropy`` con ``ignore_index``).
- ``tania`` (honrada, principiante): bucles, pasos intermedios con nombres largos, diccionarios a mano
  para contar, listas que luego pasa a tensor.
- ``valentin`` (honrado, ya programaba): funciones auxiliares dentro del cuerpo, comprensiones y otras
  funciones de torch (``unfold``, ``torch.unique``, ``tensor_split``, ``F.pad``, ``log_softmax`` con
  ``gather``, ``unflatten``, ``cross_entropy`` sobre (B, V, T)).
- ``aitana`` y ``enrique`` (la pareja): Aitana lo resuelve a su manera (ventanas con comprensiones,
  ``Counter`` sobre parejas distintas, ``torch.cat`` para rellenar, qkv en un solo ``permute``, máscara
  del relleno antes de la pérdida); Enrique le copia y lo retoca a mano para que no se note: otros
  nombres, comentarios, líneas en blanco, alguna sentencia independiente en otro orden y alguna expresión
  escrita de otra forma equivalente.
- ``clara`` (copiona): pega la solución publicada de ``source/`` y la disfraza a mano del mismo modo;
  sigue siendo la solución pegada y retocada, no reescrita.
- ``felipe`` (en blanco): no entrega nada.

Cómo se escribió: a ciegas y a mano. Los tres honrados y la pareja, leyendo solo la versión de alumno
(``release/``) y los cuadernos anteriores, sin mirar la solución, las otras clases ni las soluciones
independientes; después, Clara, a partir de la solución publicada. Nada se ha retocado tras medir
parecidos: no se ha medido nada. La única comprobación fue que todos (menos el blanco) aprueban todos
los tests de los tres cuadernos con la prueba de respuestas equivocadas.

Observación: Ricardo, escrito antes de abrir la solución, coincide casi línea a línea con ella en los
ejercicios más cortos (ventanas, bloque, grupos de parámetros), como es natural en un alumno que escribe
lo más directo con lo que ha visto en el curso.
"""

from __future__ import annotations

import textwrap

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("ricardo", "tania", "valentin"), ("aitana", "enrique"), "clara", "felipe"


def _code(text: str) -> str:
    """El cuerpo escrito arriba, sin la sangría común ni las líneas en blanco de los bordes."""
    return textwrap.dedent(text).strip("\n") + "\n"


# Alumnos honrados y pareja (escritos leyendo solo release/)

_RICARDO = {
    "nb11-make-xy": _code(r'''
        N = (len(stream) - 1) // T
        x = stream[: N * T].reshape(N, T)
        y = stream[1 : N * T + 1].reshape(N, T)
        return x, y
    '''),
    "nb11-accumulated-step": _code(r'''
        opt.zero_grad()
        total = 0.0
        for xb, yb in zip(x.chunk(n_micro), y.chunk(n_micro)):
            logits = model(xb)
            loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), yb.reshape(-1)) / n_micro
            loss.backward()
            total += loss.item()
        opt.step()
        return total
    '''),
    "nb11-data-floor": _code(r'''
        from collections import Counter
        a = x.reshape(-1).tolist()
        b = y.reshape(-1).tolist()
        pairs = Counter(zip(a, b))
        currents = Counter(a)
        total = 0.0
        for u, v in zip(a, b):
            total -= math.log(pairs[(u, v)] / currents[u])
        return total / len(a)
    '''),
    "nb17-pad-to": _code(r'''
        batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
        for i, s in enumerate(seqs):
            s = s[:T]
            batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
        return batch
    '''),
    "nb17-packed-item": _code(r'''
        start = int(starts[i])
        window = stream[start : start + block + 1]
        chunk = torch.zeros(block + 1, dtype=torch.int64)
        chunk[: len(window)] = window
        x = chunk[:-1]
        y = chunk[1:].clone()
        y[-1] = 0
        return x, y
    '''),
    "nb17-loss-per-game": _code(r'''
        B, T, V = logits.shape
        losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none").view(B, T)
        real = (y != 0).float()
        return losses.sum(dim=1) / real.sum(dim=1)
    '''),
    "nb18-attention-forward": _code(r'''
        B, T, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        p = self.dropout if self.training else 0.0
        out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
        out = out.transpose(1, 2).reshape(B, T, d)
        return self.resid_drop(self.proj(out))
    '''),
    "nb18-block-forward": _code(r'''
        x = x + self.attn(self.ln1(x))
        return x + self.mlp(self.ln2(x))
    '''),
    "nb18-decoder-forward": _code(r'''
        pos = torch.arange(T, device=idx.device)
        h = self.drop(self.tokens(idx) + self.positions(pos))
        for block in self.blocks:
            h = block(h)
        logits = self.lm_head(self.ln_f(h))
        if targets is None:
            return logits, None
        loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), targets.reshape(-1), ignore_index=0)
        return logits, loss
    '''),
    "nb18-param-groups": _code(r'''
        decay = [p for p in model.parameters() if p.dim() >= 2]
        no_decay = [p for p in model.parameters() if p.dim() < 2]
        return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    '''),
    "nb18-lr-at": _code(r'''
        if step < warmup:
            return lr * step / warmup
        floor = lr * min_lr_ratio
        p = min(1.0, (step - warmup) / (max_steps - warmup))
        return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
    '''),
}

_TANIA = {
    "nb11-make-xy": _code(r'''
        # Cuento cuántas ventanas completas caben: cada una necesita T tokens y uno más de objetivo.
        number_of_windows = 0
        while (number_of_windows + 1) * T + 1 <= len(stream):
            number_of_windows = number_of_windows + 1

        inputs_list = []
        targets_list = []
        for window_index in range(number_of_windows):
            window_start = window_index * T
            window_inputs = stream[window_start : window_start + T]
            window_targets = stream[window_start + 1 : window_start + T + 1]
            inputs_list.append(window_inputs)
            targets_list.append(window_targets)

        if number_of_windows == 0:
            empty_windows = torch.zeros((0, T), dtype=torch.int64)
            return empty_windows, empty_windows.clone()

        inputs_tensor = torch.stack(inputs_list)
        targets_tensor = torch.stack(targets_list)
        return inputs_tensor, targets_tensor
    '''),
    "nb11-accumulated-step": _code(r'''
        total_games = x.shape[0]
        games_per_chunk = total_games // n_micro

        # Primero borro lo que quedara en .grad de antes.
        opt.zero_grad()

        total_loss_value = 0.0
        for chunk_number in range(n_micro):
            first_game = chunk_number * games_per_chunk
            last_game = first_game + games_per_chunk
            chunk_inputs = x[first_game:last_game]
            chunk_targets = y[first_game:last_game]

            chunk_logits = model(chunk_inputs)
            vocabulary_size = chunk_logits.shape[-1]
            flat_logits = chunk_logits.reshape(-1, vocabulary_size)
            flat_targets = chunk_targets.reshape(-1)
            chunk_loss = F.cross_entropy(flat_logits, flat_targets)

            # Cada trozo pone solo su parte de la media del lote entero.
            scaled_chunk_loss = chunk_loss / n_micro
            scaled_chunk_loss.backward()
            total_loss_value = total_loss_value + scaled_chunk_loss.item()

        opt.step()
        return total_loss_value
    '''),
    "nb11-data-floor": _code(r'''
        import math

        flat_currents = x.reshape(-1).tolist()
        flat_nexts = y.reshape(-1).tolist()
        number_of_positions = len(flat_currents)

        times_current_seen = {}
        times_pair_seen = {}
        for position in range(number_of_positions):
            current_token = flat_currents[position]
            next_token = flat_nexts[position]
            if current_token in times_current_seen:
                times_current_seen[current_token] += 1
            else:
                times_current_seen[current_token] = 1
            pair = (current_token, next_token)
            if pair in times_pair_seen:
                times_pair_seen[pair] += 1
            else:
                times_pair_seen[pair] = 1

        sum_of_log_probabilities = 0.0
        for position in range(number_of_positions):
            current_token = flat_currents[position]
            pair = (current_token, flat_nexts[position])
            probability = times_pair_seen[pair] / times_current_seen[current_token]
            sum_of_log_probabilities = sum_of_log_probabilities + math.log(probability)

        floor_value = -sum_of_log_probabilities / number_of_positions
        return float(floor_value)
    '''),
    "nb17-pad-to": _code(r'''
        padded_rows = []
        for sequence in seqs:
            row = []
            for position in range(T):
                if position < len(sequence):
                    row.append(sequence[position])
                else:
                    row.append(pad_id)
            padded_rows.append(row)
        padded_batch = torch.tensor(padded_rows, dtype=torch.int64)
        return padded_batch
    '''),
    "nb17-packed-item": _code(r'''
        window_start = int(starts[i])
        window_values = []
        for offset in range(block + 1):
            position_in_stream = window_start + offset
            if position_in_stream < len(stream):
                window_values.append(int(stream[position_in_stream]))
            else:
                window_values.append(0)

        input_values = window_values[:block]
        target_values = window_values[1:block]
        target_values.append(0)  # el último objetivo siempre es <pad>

        x = torch.tensor(input_values, dtype=torch.int64)
        y = torch.tensor(target_values, dtype=torch.int64)
        return x, y
    '''),
    "nb17-loss-per-game": _code(r'''
        batch_size = logits.shape[0]
        positions = logits.shape[1]
        vocabulary_size = logits.shape[2]

        flat_logits = logits.reshape(batch_size * positions, vocabulary_size)
        flat_targets = y.reshape(batch_size * positions)
        loss_of_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
        loss_table = loss_of_every_position.reshape(batch_size, positions)

        is_real_target = y != 0
        real_mask_as_float = is_real_target.to(torch.float32)
        sum_of_real_losses = (loss_table * real_mask_as_float).sum(dim=1)
        number_of_real_targets = real_mask_as_float.sum(dim=1)

        average_loss_per_game = sum_of_real_losses / number_of_real_targets
        return average_loss_per_game
    '''),
    "nb18-attention-forward": _code(r'''
        batch_size, sequence_length, model_width = x.shape

        all_projections = self.qkv(x)
        queries = all_projections[:, :, 0:model_width]
        keys = all_projections[:, :, model_width : 2 * model_width]
        values = all_projections[:, :, 2 * model_width : 3 * model_width]

        queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
        keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
        values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)

        # Las cabezas delante de las posiciones: (B, H, T, D).
        queries = queries.permute(0, 2, 1, 3)
        keys = keys.permute(0, 2, 1, 3)
        values = values.permute(0, 2, 1, 3)

        if self.training:
            dropout_probability = self.dropout
        else:
            dropout_probability = 0.0

        attention_output = F.scaled_dot_product_attention(
            queries, keys, values, dropout_p=dropout_probability, is_causal=True
        )

        attention_output = attention_output.permute(0, 2, 1, 3)
        attention_output = attention_output.reshape(batch_size, sequence_length, model_width)
        projected_output = self.proj(attention_output)
        final_output = self.resid_drop(projected_output)
        return final_output
    '''),
    "nb18-block-forward": _code(r'''
        normalized_for_attention = self.ln1(x)
        attention_result = self.attn(normalized_for_attention)
        after_first_residual = x + attention_result

        normalized_for_mlp = self.ln2(after_first_residual)
        mlp_result = self.mlp(normalized_for_mlp)
        after_second_residual = after_first_residual + mlp_result
        return after_second_residual
    '''),
    "nb18-decoder-forward": _code(r'''
        token_embeddings = self.tokens(idx)
        position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
        position_embeddings = self.positions(position_numbers)
        hidden_state = token_embeddings + position_embeddings
        hidden_state = self.drop(hidden_state)

        for current_block in self.blocks:
            hidden_state = current_block(hidden_state)

        hidden_state = self.ln_f(hidden_state)
        logits = self.lm_head(hidden_state)

        if targets is None:
            loss = None
        else:
            vocabulary_size = logits.shape[-1]
            flat_logits = logits.reshape(B * T, vocabulary_size)
            flat_targets = targets.reshape(B * T)
            loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=PAD_ID)
        return logits, loss
    '''),
    "nb18-param-groups": _code(r'''
        parameters_with_decay = []
        parameters_without_decay = []
        for parameter in model.parameters():
            if parameter.dim() >= 2:
                parameters_with_decay.append(parameter)
            else:
                parameters_without_decay.append(parameter)

        first_group = {"params": parameters_with_decay, "weight_decay": weight_decay}
        second_group = {"params": parameters_without_decay, "weight_decay": 0.0}
        return [first_group, second_group]
    '''),
    "nb18-lr-at": _code(r'''
        minimum_lr = lr * min_lr_ratio
        if step < warmup:
            fraction_of_warmup = step / warmup
            current_lr = lr * fraction_of_warmup
        elif step >= max_steps:
            current_lr = minimum_lr
        else:
            steps_since_warmup = step - warmup
            cosine_length = max_steps - warmup
            progress = steps_since_warmup / cosine_length
            cosine_factor = (1 + math.cos(math.pi * progress)) / 2
            current_lr = minimum_lr + (lr - minimum_lr) * cosine_factor
        return float(current_lr)
    '''),
}
_VALENTIN = {
    "nb11-make-xy": _code(r'''
        n_windows = max(0, (stream.numel() - 1) // T)
        if n_windows == 0:
            return stream.new_empty((0, T)), stream.new_empty((0, T))
        # T + 1 tokens por ventana, con paso T: dos ventanas seguidas comparten un token.
        windows = stream[: n_windows * T + 1].unfold(0, T + 1, T)
        return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
    '''),
    "nb11-accumulated-step": _code(r'''
        def summed_loss(inputs, targets):
            logits = model(inputs)
            return F.cross_entropy(logits.flatten(0, 1), targets.flatten(), reduction="sum")

        n_targets = y.numel()
        opt.zero_grad(set_to_none=True)
        total = 0.0
        for xb, yb in zip(torch.tensor_split(x, n_micro), torch.tensor_split(y, n_micro)):
            part = summed_loss(xb, yb) / n_targets   # su parte de la media de B·T términos
            part.backward()
            total += part.detach().item()
        opt.step()
        return float(total)
    '''),
    "nb11-data-floor": _code(r'''
        current, following = x.reshape(-1), y.reshape(-1)
        _, pair_of, pair_counts = torch.unique(
            torch.stack([current, following]), dim=1, return_inverse=True, return_counts=True
        )
        _, context_of, context_counts = torch.unique(current, return_inverse=True, return_counts=True)
        p = pair_counts[pair_of].double() / context_counts[context_of].double()
        return -p.log().mean().item()
    '''),
    "nb17-pad-to": _code(r'''
        import torch.nn.functional as F

        def fit(seq):
            ids = torch.as_tensor(list(seq)[:T], dtype=torch.long)
            return F.pad(ids, (0, T - ids.numel()), value=pad_id)

        if not seqs:
            return torch.empty(0, T, dtype=torch.long)
        return torch.stack([fit(seq) for seq in seqs])
    '''),
    "nb17-packed-item": _code(r'''
        start = int(starts[i])
        piece = stream[start : start + block + 1].to(torch.int64)
        piece = torch.nn.functional.pad(piece, (0, block + 1 - piece.numel()), value=0)
        x, y = piece[:-1], piece[1:].clone()
        y[-1] = 0
        return x, y
    '''),
    "nb17-loss-per-game": _code(r'''
        nll = -logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
        real = y.ne(0)
        return nll.masked_fill(~real, 0.0).sum(-1) / real.sum(-1)
    '''),
    "nb18-attention-forward": _code(r'''
        def heads(t):
            return t.unflatten(-1, (self.n_head, self.head_dim)).transpose(1, 2)

        q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
        p = self.dropout if self.training else 0.0
        mixed = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
        return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
    '''),
    "nb18-block-forward": _code(r'''
        for norm, sublayer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
            x = x + sublayer(norm(x))
        return x
    '''),
    "nb18-decoder-forward": _code(r'''
        h = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device)).unsqueeze(0)
        h = self.drop(h)
        for blk in self.blocks:
            h = blk(h)
        logits = self.lm_head(self.ln_f(h))
        loss = None
        if targets is not None:
            # cross_entropy admite (B, V, T) frente a (B, T): sin aplanar.
            loss = F.cross_entropy(logits.transpose(1, 2), targets, ignore_index=PAD_ID)
        return logits, loss
    '''),
    "nb18-param-groups": _code(r'''
        by_rank = {True: [], False: []}
        for p in model.parameters():
            by_rank[p.ndim >= 2].append(p)
        return [dict(params=by_rank[True], weight_decay=weight_decay), dict(params=by_rank[False], weight_decay=0.0)]
    '''),
    "nb18-lr-at": _code(r'''
        def half_cosine(progress):
            return 0.5 * (1.0 + math.cos(math.pi * progress))

        if step < warmup:
            return float(lr) * step / warmup
        floor = lr * min_lr_ratio
        progress = min(1.0, (step - warmup) / (max_steps - warmup))
        return float(floor + (lr - floor) * half_cosine(progress))
    '''),
}

_AITANA = {
    "nb11-make-xy": _code(r'''
        firsts = list(range(0, len(stream) - T, T))
        x = torch.stack([stream[f : f + T] for f in firsts])
        y = torch.stack([stream[f + 1 : f + T + 1] for f in firsts])
        return x, y
    '''),
    "nb11-accumulated-step": _code(r'''
        B = x.shape[0]
        size = B // n_micro
        for p in model.parameters():
            p.grad = None
        losses = []
        for start in range(0, B, size):
            out = model(x[start : start + size])
            part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[start : start + size].reshape(-1))
            (part * size / B).backward()
            losses.append(part.item())
        opt.step()
        return sum(losses) / len(losses)
    '''),
    "nb11-data-floor": _code(r'''
        from collections import Counter
        import math
        a = x.reshape(-1).tolist()
        b = y.reshape(-1).tolist()
        seen_pair = Counter(zip(a, b))
        seen_first = Counter(a)
        total = sum(n * math.log(n / seen_first[first]) for (first, _), n in seen_pair.items())
        return -total / len(a)
    '''),
    "nb17-pad-to": _code(r'''
        out = []
        for s in seqs:
            s = list(s[:T])
            out.append(s + [pad_id] * (T - len(s)))
        return torch.tensor(out, dtype=torch.int64).reshape(len(seqs), T)
    '''),
    "nb17-packed-item": _code(r'''
        begin = starts[i].item()
        taken = stream[begin : begin + block + 1].long()
        missing = block + 1 - len(taken)
        window = torch.cat([taken, torch.zeros(missing, dtype=torch.long)])
        x = window[:block]
        y = torch.cat([window[1:block], torch.zeros(1, dtype=torch.long)])
        return x, y
    '''),
    "nb17-loss-per-game": _code(r'''
        V = logits.shape[-1]
        each = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), ignore_index=0, reduction="none")
        each = each.reshape(y.shape)
        counted = (y > 0).sum(dim=1)
        return each.sum(dim=1) / counted
    '''),
    "nb18-attention-forward": _code(r'''
        B, T, C = x.shape
        qkv = self.qkv(x).reshape(B, T, 3, self.n_head, self.head_dim)
        qkv = qkv.permute(2, 0, 3, 1, 4)  # (3, B, H, T, D)
        q, k, v = qkv[0], qkv[1], qkv[2]
        drop = self.dropout if self.training else 0.0
        att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
        att = att.permute(0, 2, 1, 3).reshape(B, T, C)
        return self.resid_drop(self.proj(att))
    '''),
    "nb18-block-forward": _code(r'''
        h = self.attn(self.ln1(x)) + x
        out = self.mlp(self.ln2(h)) + h
        return out
    '''),
    "nb18-decoder-forward": _code(r'''
        where = torch.arange(T, device=idx.device)
        h = self.drop(self.tokens(idx) + self.positions(where)[None])
        for layer in self.blocks:
            h = layer(h)
        logits = self.lm_head(self.ln_f(h))
        if targets is None:
            return logits, None
        flat = logits.reshape(B * T, -1)
        keep = targets.reshape(-1) != 0
        loss = F.cross_entropy(flat[keep], targets.reshape(-1)[keep])
        return logits, loss
    '''),
    "nb18-param-groups": _code(r'''
        matrices, others = [], []
        for name, p in model.named_parameters():
            (matrices if p.ndim > 1 else others).append(p)
        return [{"params": matrices, "weight_decay": weight_decay},
                {"params": others, "weight_decay": 0.0}]
    '''),
    "nb18-lr-at": _code(r'''
        low = lr * min_lr_ratio
        if step >= max_steps:
            return float(low)
        if step < warmup:
            return float(step * lr / warmup)
        ratio = (step - warmup) / (max_steps - warmup)
        return float(low + (lr - low) * (math.cos(math.pi * ratio) + 1) / 2)
    '''),
}

# Enrique copia a Aitana y lo retoca a mano para que no se note.
_ENRIQUE = {
    "nb11-make-xy": _code(r'''
        # posiciones donde empieza cada ventana completa
        window_starts = list(range(0, len(stream) - T, T))

        targets = torch.stack([stream[s + 1 : s + 1 + T] for s in window_starts])
        inputs = torch.stack([stream[s : s + T] for s in window_starts])
        return inputs, targets
    '''),
    "nb11-accumulated-step": _code(r'''
        n_games = x.shape[0]
        per_chunk = n_games // n_micro

        # vaciar los gradientes que hubiera
        for param in model.parameters():
            param.grad = None

        chunk_losses = []
        for first in range(0, n_games, per_chunk):
            logits = model(x[first : first + per_chunk])
            chunk_loss = F.cross_entropy(
                logits.reshape(-1, logits.shape[-1]),
                y[first : first + per_chunk].reshape(-1),
            )
            # cada trozo pesa lo que le toca
            (chunk_loss * (per_chunk / n_games)).backward()
            chunk_losses.append(chunk_loss.item())

        opt.step()
        return sum(chunk_losses) / n_micro
    '''),
    "nb11-data-floor": _code(r'''
        import math
        from collections import Counter

        currents = x.reshape(-1).tolist()
        nexts = y.reshape(-1).tolist()

        first_counts = Counter(currents)
        pair_counts = Counter(zip(currents, nexts))

        # cada pareja distinta, pesada por las veces que sale
        acc = sum(c * math.log(c / first_counts[cur]) for (cur, _nxt), c in pair_counts.items())
        return -acc / len(currents)
    '''),
    "nb17-pad-to": _code(r'''
        rows = []
        for seq in seqs:
            seq = list(seq[:T])  # cortar lo que sobra
            rows.append(seq + (T - len(seq)) * [pad_id])

        return torch.tensor(rows, dtype=torch.long).reshape(len(seqs), T)
    '''),
    "nb17-packed-item": _code(r'''
        first = starts[i].item()
        chunk = stream[first : first + block + 1].long()

        # lo que falta hasta block + 1 se rellena con <pad>
        pad_count = (block + 1) - len(chunk)
        full = torch.cat([chunk, torch.zeros(pad_count, dtype=torch.long)])

        targets = torch.cat([full[1:block], torch.zeros(1, dtype=torch.long)])
        inputs = full[:block]
        return inputs, targets
    '''),
    "nb17-loss-per-game": _code(r'''
        n_vocab = logits.shape[-1]
        n_real = (y != 0).sum(dim=1)

        per_position = F.cross_entropy(
            logits.reshape(-1, n_vocab), y.reshape(-1), reduction="none", ignore_index=0
        ).reshape(y.shape)
        return per_position.sum(dim=1) / n_real
    '''),
    "nb18-attention-forward": _code(r'''
        B, T, C = x.shape
        p = self.dropout if self.training else 0.0

        # q, k y v con las cabezas delante: (3, B, H, T, D)
        packed = self.qkv(x).reshape(B, T, 3, self.n_head, self.head_dim).permute(2, 0, 3, 1, 4)
        query, key, value = packed[0], packed[1], packed[2]

        out = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)
        out = out.permute(0, 2, 1, 3).reshape(B, T, C)

        return self.resid_drop(self.proj(out))
    '''),
    "nb18-block-forward": _code(r'''
        # residuo de la atención
        mid = x + self.attn(self.ln1(x))

        # residuo del MLP
        return mid + self.mlp(self.ln2(mid))
    '''),
    "nb18-decoder-forward": _code(r'''
        positions = torch.arange(T, device=idx.device)
        hidden = self.drop(self.tokens(idx) + self.positions(positions).unsqueeze(0))

        for blk in self.blocks:
            hidden = blk(hidden)

        logits = self.lm_head(self.ln_f(hidden))
        if targets is None:
            return logits, None

        flat_targets = targets.reshape(-1)
        mask = flat_targets != 0  # sin el relleno
        loss = F.cross_entropy(logits.reshape(B * T, -1)[mask], flat_targets[mask])
        return logits, loss
    '''),
    "nb18-param-groups": _code(r'''
        with_decay = []
        without_decay = []

        for _name, param in model.named_parameters():
            if param.ndim >= 2:
                with_decay.append(param)
            else:
                without_decay.append(param)

        return [
            {"params": with_decay, "weight_decay": weight_decay},
            {"params": without_decay, "weight_decay": 0.0},
        ]
    '''),
    "nb18-lr-at": _code(r'''
        floor_lr = min_lr_ratio * lr

        if step < warmup:
            return float(lr * step / warmup)
        if step >= max_steps:
            return float(floor_lr)

        # medio coseno entre warmup y max_steps
        frac = (step - warmup) / (max_steps - warmup)
        return float(floor_lr + 0.5 * (lr - floor_lr) * (1 + math.cos(math.pi * frac)))
    '''),
}
# Clara pega la solución publicada y la disfraza a mano.
_CLARA = {
    "nb11-make-xy": _code(r'''
        # cuántas ventanas enteras caben
        count = (len(stream) - 1) // T

        inputs = stream[:count * T].reshape(count, T)
        targets = stream[1:count * T + 1].reshape(count, T)
        return inputs, targets
    '''),
    "nb11-accumulated-step": _code(r'''
        chunk = x.shape[0] // n_micro
        running = 0.0
        opt.zero_grad()

        # un trozo cada vez; los gradientes se suman en .grad
        for i in range(0, x.shape[0], chunk):
            out = model(x[i : i + chunk])
            chunk_loss = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[i : i + chunk].reshape(-1))
            running += chunk_loss.item()
            (chunk_loss / n_micro).backward()

        opt.step()
        return running / n_micro
    '''),
    "nb11-data-floor": _code(r'''
        from collections import Counter
        import math

        couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
        firsts = Counter(cur for cur, _ in couples)
        together = Counter(couples)

        acc = 0.0
        for cur, nxt in couples:
            # -log p(nxt | cur)
            acc = acc - math.log(together[(cur, nxt)] / firsts[cur])
        return acc / len(couples)
    '''),
    "nb17-pad-to": _code(r'''
        out = torch.full((len(seqs), T), pad_id, dtype=torch.long)

        for row, ids in enumerate(seqs):
            head = list(ids)[:T]  # solo los T primeros
            out[row, :len(head)] = torch.tensor(head, dtype=torch.long)
        return out
    '''),
    "nb17-packed-item": _code(r'''
        first = int(starts[i])
        piece = stream[first : first + block]  # puede quedarse corto al final del flujo

        inputs = torch.zeros(block, dtype=torch.int64)
        targets = torch.zeros(block, dtype=torch.int64)
        inputs[:len(piece)] = piece

        targets[:block - 1] = inputs[1:]
        return inputs, targets
    '''),
    "nb17-loss-per-game": _code(r'''
        n_games, n_pos, n_vocab = logits.shape
        real = y != 0

        each = F.cross_entropy(
            logits.reshape(n_games * n_pos, n_vocab), y.reshape(n_games * n_pos), reduction="none"
        ).view(n_games, n_pos)
        return (each * real).sum(dim=1) / real.sum(dim=1)
    '''),
    "nb18-attention-forward": _code(r'''
        B, T, C = x.shape
        query, key, value = self.qkv(x).split(C, dim=2)

        # (B, T, C) -> (B, H, T, D)
        query, key, value = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (query, key, value))

        p = self.dropout if self.training else 0.0
        mixed = F.scaled_dot_product_attention(query, key, value, is_causal=True, dropout_p=p)
        mixed = mixed.transpose(1, 2).contiguous().view(B, T, C)
        return self.resid_drop(self.proj(mixed))
    '''),
    "nb18-block-forward": _code(r'''
        h = x + self.attn(self.ln1(x))  # primer residuo

        return h + self.mlp(self.ln2(h))
    '''),
    "nb18-decoder-forward": _code(r'''
        pos_ids = torch.arange(T, device=idx.device)
        h = self.drop(self.positions(pos_ids) + self.tokens(idx))

        for layer in self.blocks:
            h = layer(h)
        logits = self.lm_head(self.ln_f(h))

        if targets is None:
            return logits, None
        # el relleno (<pad> = 0) no cuenta
        loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
        return logits, loss
    '''),
    "nb18-param-groups": _code(r'''
        rest = [w for w in model.parameters() if w.dim() < 2]
        mats = [w for w in model.parameters() if w.dim() > 1]

        return [
            {"params": mats, "weight_decay": weight_decay},  # matrices
            {"params": rest, "weight_decay": 0.0},  # sesgos y LayerNorm
        ]
    '''),
    "nb18-lr-at": _code(r'''
        if step < warmup:
            return step * lr / warmup

        bottom = min_lr_ratio * lr
        frac = min(1.0, (step - warmup) / (max_steps - warmup))
        # medio coseno de lr a bottom
        return bottom + (lr - bottom) * 0.5 * (1 + math.cos(math.pi * frac))
    '''),
}


WORK = {
    "ricardo": _RICARDO,
    "tania": _TANIA,
    "valentin": _VALENTIN,
    "aitana": _AITANA,
    "enrique": _ENRIQUE,
    "clara": _CLARA,
    "felipe": {},
}
