"""Quinta clase de prueba del informe de parecidos: 11-bucle, 17-partidas-a-lotes y 18-decoder.

Es una clase apartada: nadie la ha usado para ajustar el informe. Se escribió a mano y a ciegas, sin mirar
las soluciones independientes del catálogo, las otras clases de prueba, el código del informe ni sus
umbrales, y sin ejecutar el informe sobre ella. Ningún alumno se retocó después de medir nada: no se midió
nada. Lo único que se ejecutó es la prueba de respuestas equivocadas (cada alumno, con todas sus celdas de
solución a la vez, tiene que aprobar todos los tests de los tres cuadernos, también los ocultos).

Quién es quién:

- Honrados, cada uno por su cuenta, escritos leyendo solo la versión de alumno (``release/``):
  - Begoña: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo.
  - Casimiro: principiante; bucles, pasos intermedios con nombre y nombres largos.
  - Nieves: ya programaba; funciones auxiliares, comprensiones y otras funciones de torch (``unfold``,
    ``torch.unique``, ``pad_sequence``, ``unflatten``, ``functools.reduce``…).
- La pareja: Telmo lo resuelve a su manera (sin mirar la solución publicada); Amparo le copia y lo retoca a
  mano para que no se note: otros nombres, comentarios, líneas en blanco, alguna sentencia independiente en
  otro orden y alguna expresión escrita de otra forma equivalente.
- El copión: Baltasar pega la solución publicada de ``source/`` y la disfraza del mismo modo; sigue siendo la
  solución pegada y retocada, no reescrita. Se escribió después de los tres honrados y de la pareja, que ya
  estaban escritos cuando se leyó ``source/``.
- En blanco: Olvido no entrega nada.

Cada código es lo que va en lugar del ``raise NotImplementedError()`` de su celda, sin su sangría (el cuerpo
de la función o del método). Solo los ejercicios de código; las predicciones de respuesta corta no van.
"""

from __future__ import annotations

import textwrap

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("begona", "casimiro", "nieves"), ("telmo", "amparo"), "baltasar", "olvido"


def _code(text):
    """El cuerpo sin la sangría común ni las líneas vacías de los extremos."""
    return textwrap.dedent(text).strip("\n") + "\n"


# ---------------------------------------------------------------------------------------------------------
# Begoña: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo.
# ---------------------------------------------------------------------------------------------------------
BEGONA = {
    "nb11-make-xy": _code("""
        N = (len(stream) - 1) // T
        x = stream[: N * T].view(N, T)
        y = stream[1 : N * T + 1].view(N, T)
        return x, y
    """),
    "nb11-accumulated-step": _code("""
        size = x.shape[0] // n_micro
        opt.zero_grad()
        total = 0.0
        for i in range(n_micro):
            logits = model(x[i * size : (i + 1) * size])
            V = logits.shape[-1]
            loss = F.cross_entropy(logits.view(-1, V), y[i * size : (i + 1) * size].reshape(-1)) / n_micro
            loss.backward()
            total += loss.item()
        opt.step()
        return total
    """),
    "nb11-data-floor": _code("""
        a = x.reshape(-1).tolist()
        b = y.reshape(-1).tolist()
        pairs = Counter(zip(a, b))
        currents = Counter(a)
        total = 0.0
        for (current, following), n in pairs.items():
            total -= n * math.log(n / currents[current])
        return total / len(a)
    """),
    "nb17-pad-to": _code("""
        batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
        for i, s in enumerate(seqs):
            s = s[:T]
            batch[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
        return batch
    """),
    "nb17-packed-item": _code("""
        start = int(starts[i])
        piece = stream[start : start + block + 1].long()
        window = torch.zeros(block + 1, dtype=torch.int64)
        window[: len(piece)] = piece
        x = window[:-1].clone()
        y = window[1:].clone()
        y[-1] = 0
        return x, y
    """),
    "nb17-loss-per-game": _code("""
        B, T, V = logits.shape
        losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
        mask = (y != 0).float()
        return (losses * mask).sum(dim=1) / mask.sum(dim=1)
    """),
    "nb18-attention-forward": _code("""
        B, T, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=2)
        q = q.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        k = k.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        v = v.view(B, T, self.n_head, self.head_dim).transpose(1, 2)
        p = self.dropout if self.training else 0.0
        out = F.scaled_dot_product_attention(q, k, v, dropout_p=p, is_causal=True)
        out = out.transpose(1, 2).reshape(B, T, d)
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
        for block in self.blocks:
            h = block(h)
        logits = self.lm_head(self.ln_f(h))
        loss = None
        if targets is not None:
            loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
        return logits, loss
    """),
    "nb18-param-groups": _code("""
        decay = [p for p in model.parameters() if p.dim() >= 2]
        no_decay = [p for p in model.parameters() if p.dim() < 2]
        return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    """),
    "nb18-lr-at": _code("""
        if step < warmup:
            return lr * step / warmup
        floor = lr * min_lr_ratio
        p = min(1.0, (step - warmup) / (max_steps - warmup))
        return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
    """),
}


# ---------------------------------------------------------------------------------------------------------
# Casimiro: principiante. Bucles, pasos intermedios con nombre y nombres largos.
# ---------------------------------------------------------------------------------------------------------
CASIMIRO = {
    "nb11-make-xy": _code("""
        number_of_tokens = stream.shape[0]
        number_of_windows = (number_of_tokens - 1) // T
        input_rows = []
        target_rows = []
        for window_index in range(number_of_windows):
            window_start = window_index * T
            window_end = window_start + T
            input_rows.append(stream[window_start:window_end])
            target_rows.append(stream[window_start + 1:window_end + 1])
        x = torch.stack(input_rows)
        y = torch.stack(target_rows)
        return x, y
    """),
    "nb11-accumulated-step": _code("""
        batch_size = x.shape[0]
        micro_batch_size = batch_size // n_micro
        # primero borro lo que hubiera en .grad de antes
        opt.zero_grad()
        total_loss_value = 0.0
        for micro_index in range(n_micro):
            first_row = micro_index * micro_batch_size
            last_row = first_row + micro_batch_size
            micro_inputs = x[first_row:last_row]
            micro_targets = y[first_row:last_row]
            micro_logits = model(micro_inputs)
            vocabulary_size = micro_logits.shape[-1]
            flat_logits = micro_logits.reshape(-1, vocabulary_size)
            flat_targets = micro_targets.reshape(-1)
            micro_loss = F.cross_entropy(flat_logits, flat_targets)
            # cada trozo es una parte de la media del lote entero
            scaled_loss = micro_loss / n_micro
            scaled_loss.backward()
            total_loss_value = total_loss_value + micro_loss.item() / n_micro
        opt.step()
        return total_loss_value
    """),
    "nb11-data-floor": _code("""
        current_tokens = x.reshape(-1).tolist()
        next_tokens = y.reshape(-1).tolist()
        pair_counts = {}
        current_counts = {}
        for current_token, next_token in zip(current_tokens, next_tokens):
            pair = (current_token, next_token)
            if pair in pair_counts:
                pair_counts[pair] += 1
            else:
                pair_counts[pair] = 1
            if current_token in current_counts:
                current_counts[current_token] += 1
            else:
                current_counts[current_token] = 1
        total_penalty = 0.0
        for current_token, next_token in zip(current_tokens, next_tokens):
            probability = pair_counts[(current_token, next_token)] / current_counts[current_token]
            total_penalty = total_penalty - math.log(probability)
        number_of_positions = len(current_tokens)
        return total_penalty / number_of_positions
    """),
    "nb17-pad-to": _code("""
        padded_rows = []
        for sequence in seqs:
            cut_sequence = list(sequence[:T])
            missing_positions = T - len(cut_sequence)
            padded_row = cut_sequence + [pad_id] * missing_positions
            padded_rows.append(padded_row)
        result = torch.tensor(padded_rows, dtype=torch.int64)
        return result
    """),
    "nb17-packed-item": _code("""
        window_start = int(starts[i])
        total_tokens = stream.shape[0]
        input_tokens = torch.zeros(block, dtype=torch.int64)
        target_tokens = torch.zeros(block, dtype=torch.int64)
        for position in range(block):
            stream_position = window_start + position
            if stream_position < total_tokens:
                input_tokens[position] = stream[stream_position]
        # el objetivo es el token de al lado; el último se queda en <pad>
        for position in range(block - 1):
            target_tokens[position] = input_tokens[position + 1]
        return input_tokens, target_tokens
    """),
    "nb17-loss-per-game": _code("""
        batch_size, sequence_length, vocabulary_size = logits.shape
        flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
        flat_targets = y.reshape(batch_size * sequence_length)
        loss_of_each_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
        loss_table = loss_of_each_position.reshape(batch_size, sequence_length)
        is_real_target = y != 0
        real_loss_table = torch.where(is_real_target, loss_table, torch.zeros_like(loss_table))
        sum_of_losses = real_loss_table.sum(dim=1)
        number_of_real_targets = is_real_target.sum(dim=1)
        average_losses = sum_of_losses / number_of_real_targets
        return average_losses
    """),
    "nb18-attention-forward": _code("""
        batch_size, sequence_length, model_width = x.shape
        all_projections = self.qkv(x)
        queries = all_projections[:, :, 0:model_width]
        keys = all_projections[:, :, model_width:2 * model_width]
        values = all_projections[:, :, 2 * model_width:3 * model_width]
        queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
        keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
        values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
        # las cabezas delante de las posiciones: (B, H, T, D)
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
        attention_output = attention_output.transpose(1, 2)
        attention_output = attention_output.reshape(batch_size, sequence_length, model_width)
        projected_output = self.proj(attention_output)
        final_output = self.resid_drop(projected_output)
        return final_output
    """),
    "nb18-block-forward": _code("""
        normalized_for_attention = self.ln1(x)
        attention_result = self.attn(normalized_for_attention)
        after_attention = x + attention_result
        normalized_for_mlp = self.ln2(after_attention)
        mlp_result = self.mlp(normalized_for_mlp)
        block_output = after_attention + mlp_result
        return block_output
    """),
    "nb18-decoder-forward": _code("""
        position_numbers = torch.arange(0, T, dtype=torch.long, device=idx.device)
        token_vectors = self.tokens(idx)
        position_vectors = self.positions(position_numbers)
        hidden_states = token_vectors + position_vectors
        hidden_states = self.drop(hidden_states)
        for layer_number in range(len(self.blocks)):
            current_block = self.blocks[layer_number]
            hidden_states = current_block(hidden_states)
        hidden_states = self.ln_f(hidden_states)
        logits = self.lm_head(hidden_states)
        if targets is None:
            loss = None
        else:
            vocabulary_size = logits.shape[2]
            flat_logits = logits.reshape(B * T, vocabulary_size)
            flat_targets = targets.reshape(B * T)
            loss = F.cross_entropy(flat_logits, flat_targets, ignore_index=0)
        return logits, loss
    """),
    "nb18-param-groups": _code("""
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
    """),
    "nb18-lr-at": _code("""
        minimum_learning_rate = lr * min_lr_ratio
        if step < warmup:
            fraction_of_warmup = step / warmup
            current_learning_rate = lr * fraction_of_warmup
        elif step <= max_steps:
            steps_after_warmup = step - warmup
            decay_length = max_steps - warmup
            progress = steps_after_warmup / decay_length
            cosine_factor = (1 + math.cos(math.pi * progress)) / 2
            current_learning_rate = minimum_learning_rate + (lr - minimum_learning_rate) * cosine_factor
        else:
            current_learning_rate = minimum_learning_rate
        return float(current_learning_rate)
    """),
}


# ---------------------------------------------------------------------------------------------------------
# Nieves: ya programaba. Funciones auxiliares, comprensiones y otras funciones de torch.
# ---------------------------------------------------------------------------------------------------------
NIEVES = {
    "nb11-make-xy": _code("""
        n = (stream.numel() - 1) // T
        windows = stream[: n * T + 1].unfold(0, T + 1, T)   # (n, T + 1), solapadas en un token
        return windows[:, :-1].contiguous(), windows[:, 1:].contiguous()
    """),
    "nb11-accumulated-step": _code("""
        def chunk_loss(inputs, targets):
            logits = model(inputs)
            return F.cross_entropy(logits.flatten(0, 1), targets.flatten())

        opt.zero_grad(set_to_none=True)
        pieces = []
        for inputs, targets in zip(x.chunk(n_micro), y.chunk(n_micro)):
            loss = chunk_loss(inputs, targets)
            (loss / n_micro).backward()
            pieces.append(loss.detach())
        opt.step()
        return torch.stack(pieces).mean().item()
    """),
    "nb11-data-floor": _code("""
        cur, nxt = x.flatten(), y.flatten()
        _, pair_of, pair_counts = torch.unique(torch.stack([cur, nxt], dim=1), dim=0,
                                               return_inverse=True, return_counts=True)
        _, cur_of, cur_counts = torch.unique(cur, return_inverse=True, return_counts=True)
        p = pair_counts[pair_of].double() / cur_counts[cur_of].double()
        return float(-p.log().mean())
    """),
    "nb17-pad-to": _code("""
        from torch.nn.utils.rnn import pad_sequence

        rows = [torch.as_tensor(list(s[:T]), dtype=torch.int64) for s in seqs]
        rows.append(torch.empty(T, dtype=torch.int64))   # una fila de T fuerza la anchura; luego se quita
        return pad_sequence(rows, batch_first=True, padding_value=pad_id)[:-1]
    """),
    "nb17-packed-item": _code("""
        start = starts[i].item()
        chunk = stream[start : start + block + 1].to(torch.int64)
        window = F.pad(chunk, (0, block + 1 - chunk.numel()))   # tensor nuevo: stream no se toca
        return window[:-1], torch.cat([window[1:-1], window.new_zeros(1)])
    """),
    "nb17-loss-per-game": _code("""
        per_token = F.cross_entropy(logits.transpose(1, 2), y, ignore_index=0, reduction="none")   # (B, T)
        return per_token.sum(dim=1) / y.ne(0).sum(dim=1)
    """),
    "nb18-attention-forward": _code("""
        B, T, _ = x.shape
        qkv = self.qkv(x).unflatten(-1, (3, self.n_head, self.head_dim))   # (B, T, 3, H, D)
        q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)                     # cada una (B, H, T, D)
        mixed = F.scaled_dot_product_attention(
            q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
        return self.resid_drop(self.proj(mixed.transpose(1, 2).flatten(2)))
    """),
    "nb18-block-forward": _code("""
        for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
            x = x + layer(norm(x))
        return x
    """),
    "nb18-decoder-forward": _code("""
        from functools import reduce

        h = self.tokens(idx) + self.positions(torch.arange(T, device=idx.device))[None]
        h = reduce(lambda acc, blk: blk(acc), self.blocks, self.drop(h))
        logits = self.lm_head(self.ln_f(h))
        if targets is None:
            return logits, None
        return logits, F.cross_entropy(logits.flatten(0, 1), targets.flatten(), ignore_index=PAD_ID)
    """),
    "nb18-param-groups": _code("""
        by_rank = {True: [], False: []}
        for p in model.parameters():
            by_rank[p.ndim >= 2].append(p)
        return [dict(params=by_rank[True], weight_decay=weight_decay),
                dict(params=by_rank[False], weight_decay=0.0)]
    """),
    "nb18-lr-at": _code("""
        def ramp(s):
            return lr * s / warmup

        def cosine(progress):
            floor = lr * min_lr_ratio
            return floor + (lr - floor) * (1 + math.cos(math.pi * progress)) / 2

        if step < warmup:
            return float(ramp(step))
        return float(cosine(min((step - warmup) / (max_steps - warmup), 1.0)))
    """),
}


# ---------------------------------------------------------------------------------------------------------
# Telmo: lo resuelve a su manera (la pareja). Amparo le copia.
# ---------------------------------------------------------------------------------------------------------
TELMO = {
    "nb11-make-xy": _code("""
        count = (len(stream) - 1) // T
        starts = torch.arange(count) * T
        offsets = torch.arange(T)
        positions = starts[:, None] + offsets[None, :]
        return stream[positions], stream[positions + 1]
    """),
    "nb11-accumulated-step": _code("""
        for p in model.parameters():
            p.grad = None
        share = x.shape[0] // n_micro
        seen = 0.0
        for start in range(0, x.shape[0], share):
            out = model(x[start:start + share])
            part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[start:start + share].reshape(-1))
            (part * (1.0 / n_micro)).backward()
            seen += float(part) / n_micro
        opt.step()
        return seen
    """),
    "nb11-data-floor": _code("""
        followers = {}
        for a, b in zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()):
            followers.setdefault(a, Counter())[b] += 1
        result = 0.0
        for counts in followers.values():
            total = sum(counts.values())
            for times in counts.values():
                result += times * math.log(total / times)
        return result / x.numel()
    """),
    "nb17-pad-to": _code("""
        out = torch.full((len(seqs), T), pad_id, dtype=torch.long)
        for row, ids in enumerate(seqs):
            n = min(len(ids), T)
            if n:
                out[row, :n] = torch.tensor(ids[:n])
        return out
    """),
    "nb17-packed-item": _code("""
        first = int(starts[i])
        real = stream[first:first + block + 1].long()
        x = torch.zeros(block, dtype=torch.long)
        y = torch.zeros(block, dtype=torch.long)
        n = min(len(real), block)
        x[:n] = real[:n]
        y[:len(real) - 1] = real[1:]
        y[-1] = 0
        return x, y
    """),
    "nb17-loss-per-game": _code("""
        logp = logits.log_softmax(dim=-1)
        picked = logp.gather(-1, y.unsqueeze(-1)).squeeze(-1)
        keep = (y != 0).to(picked.dtype)
        return -(picked * keep).sum(-1) / keep.sum(-1)
    """),
    "nb18-attention-forward": _code("""
        B, T, C = x.shape
        H, D = self.n_head, self.head_dim
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q, k, v = [t.view(B, T, H, D).permute(0, 2, 1, 3) for t in (q, k, v)]
        drop = self.dropout if self.training else 0.0
        mixed = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop)
        mixed = mixed.permute(0, 2, 1, 3).contiguous().view(B, T, C)
        return self.resid_drop(self.proj(mixed))
    """),
    "nb18-block-forward": _code("""
        h = x + self.attn(self.ln1(x))
        return h + self.mlp(self.ln2(h))
    """),
    "nb18-decoder-forward": _code("""
        where = torch.arange(T, device=idx.device).unsqueeze(0)
        h = self.tokens(idx) + self.positions(where)
        h = self.drop(h)
        for blk in self.blocks:
            h = blk(h)
        logits = self.lm_head(self.ln_f(h))
        if targets is None:
            return logits, None
        V = logits.shape[-1]
        loss = F.cross_entropy(logits.reshape(-1, V), targets.reshape(-1), ignore_index=PAD_ID)
        return logits, loss
    """),
    "nb18-param-groups": _code("""
        big, small = [], []
        for _, p in model.named_parameters():
            (big if p.ndim > 1 else small).append(p)
        return [{"params": big, "weight_decay": weight_decay}, {"params": small, "weight_decay": 0.0}]
    """),
    "nb18-lr-at": _code("""
        floor = lr * min_lr_ratio
        if step < warmup:
            return step * lr / warmup
        if step >= max_steps:
            return float(floor)
        p = (step - warmup) / (max_steps - warmup)
        return floor + (lr - floor) * 0.5 * (1.0 + math.cos(math.pi * p))
    """),
}


# ---------------------------------------------------------------------------------------------------------
# Amparo: copia a Telmo y lo retoca para que no se note (nombres, comentarios, líneas en blanco, algún orden
# y alguna expresión equivalente).
# ---------------------------------------------------------------------------------------------------------
AMPARO = {
    "nb11-make-xy": _code("""
        # cuántas ventanas enteras caben
        n_windows = (len(stream) - 1) // T

        cols = torch.arange(T)
        begins = T * torch.arange(n_windows)
        idx = begins.unsqueeze(1) + cols.unsqueeze(0)

        return stream[idx], stream[1 + idx]
    """),
    "nb11-accumulated-step": _code("""
        step_size = x.shape[0] // n_micro
        for param in model.parameters():
            param.grad = None   # nada de restos de antes

        running = 0.0
        for begin in range(0, x.shape[0], step_size):
            scores = model(x[begin:begin + step_size])
            piece = F.cross_entropy(scores.reshape(-1, scores.shape[-1]), y[begin:begin + step_size].reshape(-1))
            (piece / n_micro).backward()
            running = running + float(piece) / n_micro

        opt.step()
        return running
    """),
    "nb11-data-floor": _code("""
        nexts_of = {}
        for cur, nxt in zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()):
            nexts_of.setdefault(cur, Counter())[nxt] += 1

        acc = 0.0
        for tally in nexts_of.values():
            seen = sum(tally.values())
            for k in tally.values():
                acc -= k * math.log(k / seen)   # -ln p, k veces

        return acc / x.numel()
    """),
    "nb17-pad-to": _code("""
        result = torch.full((len(seqs), T), pad_id, dtype=torch.long)

        for r, seq in enumerate(seqs):
            keep = min(T, len(seq))
            if keep > 0:
                result[r, :keep] = torch.tensor(seq[:keep])
        return result
    """),
    "nb17-packed-item": _code("""
        begin = int(starts[i])
        out_y = torch.zeros(block, dtype=torch.long)
        out_x = torch.zeros(block, dtype=torch.long)
        tokens = stream[begin:begin + block + 1].long()

        m = min(block, len(tokens))
        out_x[:m] = tokens[:m]
        # el objetivo es el siguiente; la última casilla, <pad>
        out_y[:len(tokens) - 1] = tokens[1:]
        out_y[block - 1] = 0

        return out_x, out_y
    """),
    "nb17-loss-per-game": _code("""
        log_probs = F.log_softmax(logits, dim=-1)
        mask = (y != 0).to(log_probs.dtype)
        target_lp = log_probs.gather(-1, y.unsqueeze(-1)).squeeze(-1)

        return (-(target_lp * mask)).sum(-1) / mask.sum(-1)
    """),
    "nb18-attention-forward": _code("""
        B, T, C = x.shape
        n_h, h_d = self.n_head, self.head_dim

        queries, keys, values = self.qkv(x).chunk(3, dim=-1)
        queries, keys, values = [m.view(B, T, n_h, h_d).permute(0, 2, 1, 3) for m in (queries, keys, values)]

        p = 0.0
        if self.training:
            p = self.dropout
        att = F.scaled_dot_product_attention(queries, keys, values, dropout_p=p, is_causal=True)

        # juntar las cabezas otra vez
        att = att.permute(0, 2, 1, 3).contiguous().view(B, T, C)
        return self.resid_drop(self.proj(att))
    """),
    "nb18-block-forward": _code("""
        out = x + self.attn(self.ln1(x))

        out = out + self.mlp(self.ln2(out))
        return out
    """),
    "nb18-decoder-forward": _code("""
        pos = torch.arange(T, device=idx.device)[None, :]
        z = self.drop(self.positions(pos) + self.tokens(idx))

        for layer in self.blocks:
            z = layer(z)

        logits = self.lm_head(self.ln_f(z))
        if targets is not None:
            n_vocab = logits.shape[-1]
            loss = F.cross_entropy(logits.reshape(-1, n_vocab), targets.reshape(-1), ignore_index=PAD_ID)
            return logits, loss
        return logits, None
    """),
    "nb18-param-groups": _code("""
        with_wd = []
        without_wd = []
        for _name, w in model.named_parameters():
            (with_wd if w.ndim >= 2 else without_wd).append(w)

        return [
            {"params": with_wd, "weight_decay": weight_decay},
            {"params": without_wd, "weight_decay": 0.0},
        ]
    """),
    "nb18-lr-at": _code("""
        if step < warmup:
            return lr * step / warmup
        bottom = min_lr_ratio * lr
        if step >= max_steps:
            return float(bottom)

        frac = (step - warmup) / (max_steps - warmup)
        return bottom + 0.5 * (lr - bottom) * (1.0 + math.cos(frac * math.pi))
    """),
}


# ---------------------------------------------------------------------------------------------------------
# Baltasar: pega la solución publicada (source/) y la disfraza a mano, sin reescribirla.
# ---------------------------------------------------------------------------------------------------------
BALTASAR = {
    "nb11-make-xy": _code("""
        # ventanas completas
        count = (len(stream) - 1) // T

        inputs = stream[: count * T].reshape(count, T)
        targets = stream[1 : 1 + count * T].reshape(count, T)
        return inputs, targets
    """),
    "nb11-accumulated-step": _code("""
        opt.zero_grad()
        chunk = x.shape[0] // n_micro
        acc = 0.0

        for s in range(0, x.shape[0], chunk):
            out = model(x[s : s + chunk])
            l = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[s : s + chunk].reshape(-1))
            (l / n_micro).backward()   # cada trozo pone su parte
            acc = acc + l.item()

        opt.step()
        return acc / n_micro
    """),
    "nb11-data-floor": _code("""
        from collections import Counter
        import math

        both = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
        firsts = Counter(cur for cur, _ in both)
        twos = Counter(both)

        s = 0.0
        for cur, nxt in both:
            s = s - math.log(twos[(cur, nxt)] / firsts[cur])
        return s / len(both)
    """),
    "nb17-pad-to": _code("""
        out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

        for row, ids in enumerate(seqs):
            ids = list(ids)[:T]   # como mucho T
            out[row, : len(ids)] = torch.tensor(ids, dtype=torch.int64)
        return out
    """),
    "nb17-packed-item": _code("""
        begin = int(starts[i])
        y = torch.full((block,), 0, dtype=torch.int64)
        piece = stream[begin : begin + block]   # puede quedarse corto al final del flujo

        x = torch.full((block,), 0, dtype=torch.int64)
        x[: len(piece)] = piece
        y[: block - 1] = x[1:]
        return x, y
    """),
    "nb17-loss-per-game": _code("""
        B, T, V = logits.shape
        real = y != 0
        # una pérdida por posición, luego la media de cada fila sin el relleno
        losses = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)

        return (losses * real).sum(dim=1) / real.sum(dim=1)
    """),
    "nb18-attention-forward": _code("""
        B, T, d = x.shape
        drop_p = self.dropout if self.training else 0.0
        q, k, v = self.qkv(x).split(d, dim=2)
        q, k, v = (m.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for m in (q, k, v))

        att = F.scaled_dot_product_attention(q, k, v, is_causal=True, dropout_p=drop_p)
        # vuelta a (B, T, d)
        att = att.transpose(1, 2).contiguous().view(B, T, d)
        return self.resid_drop(self.proj(att))
    """),
    "nb18-block-forward": _code("""
        h = x + self.attn(self.ln1(x))

        return h + self.mlp(self.ln2(h))
    """),
    "nb18-decoder-forward": _code("""
        positions = torch.arange(T, device=idx.device)
        h = self.drop(self.positions(positions) + self.tokens(idx))

        for b in self.blocks:
            h = b(h)
        out = self.lm_head(self.ln_f(h))

        loss = None
        if targets is not None:   # sin contar el <pad>
            loss = F.cross_entropy(out.reshape(-1, out.shape[-1]), targets.reshape(-1), ignore_index=0)
        return out, loss
    """),
    "nb18-param-groups": _code("""
        rest = [w for w in model.parameters() if w.dim() < 2]
        mats = [w for w in model.parameters() if w.dim() > 1]

        return [{"params": mats, "weight_decay": weight_decay},
                {"params": rest, "weight_decay": 0.0}]
    """),
    "nb18-lr-at": _code("""
        if step < warmup:
            return step * lr / warmup   # la recta

        bottom = min_lr_ratio * lr
        frac = min(1.0, (step - warmup) / (max_steps - warmup))
        return bottom + (lr - bottom) * (1 + math.cos(math.pi * frac)) / 2
    """),
}


WORK = {
    "begona": BEGONA,
    "casimiro": CASIMIRO,
    "nieves": NIEVES,
    "telmo": TELMO,
    "amparo": AMPARO,
    "baltasar": BALTASAR,
    "olvido": {},
}
