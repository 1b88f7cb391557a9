"""Octava clase de prueba para el informe de parecidos: cuadernos 11-bucle, 17-partidas-a-lotes y 18-decoder.

Quién es quién:
- aurora, benito y clemente son honrados: cada uno escribió sus ejercicios por su cuenta, sin mirar la
  solución publicada ni a los demás. aurora solo usa lo que el curso ha enseñado hasta cada cuaderno, corto y
  directo; benito es principiante (bucles, pasos intermedios, nombres largos); clemente ya programaba (funciones
  auxiliares, comprensiones, `unfold`, `torch.unique`, `F.pad`, `log_softmax` y `gather`…).
- dolores y esteban son la pareja: dolores lo resolvió a su manera y esteban le copió y retocó a mano para que
  no se notara (otros nombres, comentarios, líneas en blanco, sentencias independientes en otro orden y alguna
  expresión escrita de otra forma equivalente).
- fabiola es la copiona: pegó la solución publicada de `source/` y la disfrazó a mano del mismo modo, sin
  reescribirla.
- gonzalo entrega el cuaderno en blanco.

Cómo se escribió: a ciegas y a mano, sin mirar el informe de parecidos, sus umbrales, las otras clases de
prueba ni las soluciones independientes. Los tres honrados y la pareja se escribieron leyendo solo la versión
de alumno (`release/`); la solución publicada se abrió después, solo para la copiona. La única comprobación
fue que cada alumno (menos el blanco) aprueba todos los tests de los tres cuadernos; nada se retocó después de
medir parecidos (no se midió ninguno).

Cada código es el cuerpo que va en lugar del `raise NotImplementedError()` de la celda, sin su sangría.
"""

from textwrap import dedent

SLUGS = ("11-bucle", "17-partidas-a-lotes", "18-decoder")
HONEST, PAIR, COPIER, BLANK = ("aurora", "benito", "clemente"), ("dolores", "esteban"), "fabiola", "gonzalo"


def _body(text):
    """El cuerpo sin la sangría común ni las líneas vacías de los extremos."""
    return dedent(text).strip("\n") + "\n"


WORK = {
    # Honrada: solo lo que el curso ha enseñado hasta cada cuaderno, corto y directo.
    "aurora": {
        "nb11-make-xy": _body("""
            N = (len(stream) - 1) // T
            x = stream[: N * T].reshape(N, T)
            y = stream[1 : N * T + 1].reshape(N, T)
            return x, y
        """),
        "nb11-accumulated-step": _body("""
            opt.zero_grad()
            size = x.shape[0] // n_micro
            total = 0.0
            for k in range(n_micro):
                xs, ys = x[k * size : (k + 1) * size], y[k * size : (k + 1) * size]
                logits = model(xs)
                loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), ys.reshape(-1)) / n_micro
                loss.backward()
                total += loss.item()
            opt.step()
            return total
        """),
        "nb11-data-floor": _body("""
            xs, ys = x.reshape(-1).tolist(), y.reshape(-1).tolist()
            pair_count, current_count = {}, {}
            for a, b in zip(xs, ys):
                pair_count[(a, b)] = pair_count.get((a, b), 0) + 1
                current_count[a] = current_count.get(a, 0) + 1
            probs = torch.tensor([pair_count[(a, b)] / current_count[a] for a, b in zip(xs, ys)], dtype=torch.float64)
            return -torch.log(probs).mean().item()
        """),
        "nb17-pad-to": _body("""
            out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
            for i, s in enumerate(seqs):
                s = s[:T]
                out[i, : len(s)] = torch.tensor(s, dtype=torch.int64)
            return out
        """),
        "nb17-packed-item": _body("""
            start = int(starts[i])
            window = stream[start : start + block + 1].long()
            window = torch.cat([window, torch.zeros(block + 1 - len(window), dtype=torch.int64)])
            x = window[:-1].clone()
            y = window[1:].clone()
            y[-1] = 0
            return x, y
        """),
        "nb17-loss-per-game": _body("""
            B, T, V = logits.shape
            losses = F.cross_entropy(logits.reshape(-1, V), y.reshape(-1), reduction="none").view(B, T)
            real = (y != 0).float()
            return (losses * real).sum(dim=1) / real.sum(dim=1)
        """),
        "nb18-attention-forward": _body("""
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
        "nb18-block-forward": _body("""
            x = x + self.attn(self.ln1(x))
            return x + self.mlp(self.ln2(x))
        """),
        "nb18-decoder-forward": _body("""
            pos = torch.arange(T, device=idx.device)
            h = self.drop(self.tokens(idx) + self.positions(pos))
            for block in self.blocks:
                h = block(h)
            logits = self.lm_head(self.ln_f(h))
            if targets is None:
                return logits, None
            loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
            return logits, loss
        """),
        "nb18-param-groups": _body("""
            decay = [p for p in model.parameters() if p.dim() >= 2]
            rest = [p for p in model.parameters() if p.dim() < 2]
            return [{"params": decay, "weight_decay": weight_decay}, {"params": rest, "weight_decay": 0.0}]
        """),
        "nb18-lr-at": _body("""
            if step < warmup:
                return lr * step / warmup
            floor = lr * min_lr_ratio
            p = min(1.0, (step - warmup) / (max_steps - warmup))
            return floor + 0.5 * (lr - floor) * (1 + math.cos(math.pi * p))
        """),
    },
    # Honrado principiante: bucles, pasos intermedios y nombres largos.
    "benito": {
        "nb11-make-xy": _body("""
            # cuántas ventanas completas caben: cada una necesita T + 1 tokens
            number_of_windows = 0
            while (number_of_windows + 1) * T + 1 <= len(stream):
                number_of_windows = number_of_windows + 1
            input_rows = []
            target_rows = []
            for window_index in range(number_of_windows):
                window_start = window_index * T
                input_rows.append(stream[window_start : window_start + T])
                target_rows.append(stream[window_start + 1 : window_start + T + 1])
            inputs = torch.stack(input_rows)
            targets = torch.stack(target_rows)
            return inputs, targets
        """),
        "nb11-accumulated-step": _body("""
            batch_size = x.shape[0]
            games_per_chunk = batch_size // n_micro
            total_positions = x.shape[0] * x.shape[1]
            opt.zero_grad()
            whole_batch_loss = 0.0
            for chunk_number in range(n_micro):
                first_game = chunk_number * games_per_chunk
                last_game = first_game + games_per_chunk
                chunk_inputs = x[first_game:last_game]
                chunk_targets = y[first_game:last_game]
                chunk_logits = model(chunk_inputs)
                vocabulary_size = chunk_logits.shape[2]
                flat_logits = chunk_logits.reshape(-1, vocabulary_size)
                flat_targets = chunk_targets.reshape(-1)
                # sumo las pérdidas del trozo y divido entre todas las posiciones del lote
                chunk_loss_sum = F.cross_entropy(flat_logits, flat_targets, reduction="sum")
                chunk_part = chunk_loss_sum / total_positions
                chunk_part.backward()
                whole_batch_loss = whole_batch_loss + chunk_part.item()
            opt.step()
            return whole_batch_loss
        """),
        "nb11-data-floor": _body("""
            import math
            current_tokens = x.reshape(-1).tolist()
            next_tokens = y.reshape(-1).tolist()
            number_of_positions = len(current_tokens)
            times_seen_as_current = {}
            times_seen_pair = {}
            for position in range(number_of_positions):
                current_token = current_tokens[position]
                next_token = next_tokens[position]
                if current_token in times_seen_as_current:
                    times_seen_as_current[current_token] += 1
                else:
                    times_seen_as_current[current_token] = 1
                pair = (current_token, next_token)
                if pair in times_seen_pair:
                    times_seen_pair[pair] += 1
                else:
                    times_seen_pair[pair] = 1
            sum_of_logs = 0.0
            for position in range(number_of_positions):
                pair = (current_tokens[position], next_tokens[position])
                probability = times_seen_pair[pair] / times_seen_as_current[current_tokens[position]]
                sum_of_logs = sum_of_logs + math.log(probability)
            floor_value = -sum_of_logs / number_of_positions
            return floor_value
        """),
        "nb17-pad-to": _body("""
            padded_rows = []
            for sequence in seqs:
                row = []
                for position in range(T):
                    if position < len(sequence):
                        row.append(sequence[position])
                    else:
                        row.append(pad_id)
                padded_rows.append(row)
            result = torch.tensor(padded_rows, dtype=torch.int64)
            return result
        """),
        "nb17-packed-item": _body("""
            start_position = int(starts[i])
            stream_length = len(stream)
            window_tokens = []
            for offset in range(block + 1):
                position = start_position + offset
                if position < stream_length:
                    window_tokens.append(int(stream[position]))
                else:
                    window_tokens.append(0)
            input_tokens = torch.tensor(window_tokens[:block], dtype=torch.int64)
            target_list = window_tokens[1:block]
            target_list.append(0)
            target_tokens = torch.tensor(target_list, dtype=torch.int64)
            return input_tokens, target_tokens
        """),
        "nb17-loss-per-game": _body("""
            batch_size = logits.shape[0]
            sequence_length = logits.shape[1]
            vocabulary_size = logits.shape[2]
            flat_logits = logits.reshape(batch_size * sequence_length, vocabulary_size)
            flat_targets = y.reshape(batch_size * sequence_length)
            loss_every_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
            loss_table = loss_every_position.reshape(batch_size, sequence_length)
            is_real_target = y != 0
            loss_only_real = torch.where(is_real_target, loss_table, torch.zeros_like(loss_table))
            sum_per_game = loss_only_real.sum(dim=1)
            real_targets_per_game = is_real_target.sum(dim=1)
            mean_per_game = sum_per_game / real_targets_per_game
            return mean_per_game
        """),
        "nb18-attention-forward": _body("""
            batch_size, sequence_length, model_width = x.shape
            all_projections = self.qkv(x)
            queries = all_projections[:, :, 0:model_width]
            keys = all_projections[:, :, model_width : 2 * model_width]
            values = all_projections[:, :, 2 * model_width : 3 * model_width]
            queries = queries.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
            queries = queries.transpose(1, 2)
            keys = keys.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
            keys = keys.transpose(1, 2)
            values = values.reshape(batch_size, sequence_length, self.n_head, self.head_dim)
            values = values.transpose(1, 2)
            if self.training:
                attention_dropout = self.dropout
            else:
                attention_dropout = 0.0
            heads_output = F.scaled_dot_product_attention(
                queries, keys, values, dropout_p=attention_dropout, is_causal=True
            )
            heads_output = heads_output.transpose(1, 2)
            joined_heads = heads_output.reshape(batch_size, sequence_length, model_width)
            projected = self.proj(joined_heads)
            result = self.resid_drop(projected)
            return result
        """),
        "nb18-block-forward": _body("""
            normalized_input = self.ln1(x)
            attention_output = self.attn(normalized_input)
            after_attention = x + attention_output
            normalized_again = self.ln2(after_attention)
            mlp_output = self.mlp(normalized_again)
            block_output = after_attention + mlp_output
            return block_output
        """),
        "nb18-decoder-forward": _body("""
            token_vectors = self.tokens(idx)
            position_numbers = torch.arange(0, T, device=idx.device)
            position_vectors = self.positions(position_numbers)
            hidden = token_vectors + position_vectors
            hidden = self.drop(hidden)
            for transformer_block in self.blocks:
                hidden = transformer_block(hidden)
            hidden = self.ln_f(hidden)
            logits = self.lm_head(hidden)
            if targets is None:
                loss = None
            else:
                vocabulary_size = logits.shape[2]
                flat_logits = logits.reshape(B * T, vocabulary_size)
                flat_targets = targets.reshape(B * T)
                loss_each_position = F.cross_entropy(flat_logits, flat_targets, reduction="none")
                is_real = flat_targets != 0
                loss = loss_each_position[is_real].mean()
            return logits, loss
        """),
        "nb18-param-groups": _body("""
            with_decay = []
            without_decay = []
            for parameter in model.parameters():
                number_of_dimensions = len(parameter.shape)
                if number_of_dimensions >= 2:
                    with_decay.append(parameter)
                else:
                    without_decay.append(parameter)
            first_group = {"params": with_decay, "weight_decay": weight_decay}
            second_group = {"params": without_decay, "weight_decay": 0.0}
            return [first_group, second_group]
        """),
        "nb18-lr-at": _body("""
            if step < warmup:
                increase_per_step = lr / warmup
                current_lr = increase_per_step * step
                return float(current_lr)
            minimum_lr = lr * min_lr_ratio
            if step >= max_steps:
                return float(minimum_lr)
            steps_since_warmup = step - warmup
            cosine_length = max_steps - warmup
            progress = steps_since_warmup / cosine_length
            cosine_factor = (1 + math.cos(math.pi * progress)) / 2
            current_lr = minimum_lr + (lr - minimum_lr) * cosine_factor
            return float(current_lr)
        """),
    },
    # Honrado que ya programaba: auxiliares, comprensiones y otras funciones de torch.
    "clemente": {
        "nb11-make-xy": _body("""
            if stream.numel() < T + 1:
                empty = stream.new_empty((0, T))
                return empty, empty.clone()
            pieces = stream.unfold(0, T + 1, T)   # (N, T + 1): cada ventana con su último objetivo
            return pieces[:, :-1].clone(), pieces[:, 1:].clone()
        """),
        "nb11-accumulated-step": _body("""
            opt.zero_grad(set_to_none=True)
            weight = 1.0 / n_micro
            losses = []
            for xs, ys in zip(x.chunk(n_micro), y.chunk(n_micro)):
                logits = model(xs)
                loss = F.cross_entropy(logits.flatten(0, 1), ys.flatten())
                (loss * weight).backward()
                losses.append(loss.detach())
            opt.step()
            return torch.stack(losses).mean().item()
        """),
        "nb11-data-floor": _body("""
            a, b = x.reshape(-1), y.reshape(-1)
            _, pair_idx, pair_counts = torch.unique(torch.stack([a, b]), dim=1, return_inverse=True, return_counts=True)
            _, cur_idx, cur_counts = torch.unique(a, return_inverse=True, return_counts=True)
            p = pair_counts[pair_idx].double() / cur_counts[cur_idx].double()
            return float(-p.log().mean())
        """),
        "nb17-pad-to": _body("""
            def fit(seq):
                head = list(seq[:T])
                return head + [pad_id] * (T - len(head))

            return torch.tensor([fit(s) for s in seqs], dtype=torch.long).reshape(len(seqs), T)
        """),
        "nb17-packed-item": _body("""
            start = int(starts[i])
            chunk = stream[start : start + block + 1].to(torch.int64)
            chunk = F.pad(chunk, (0, block + 1 - chunk.numel()), value=0)
            x = chunk[:block]
            y = torch.cat((chunk[1:block], chunk.new_zeros(1)))
            return x, y
        """),
        "nb17-loss-per-game": _body("""
            logp = logits.log_softmax(dim=-1).gather(-1, y.unsqueeze(-1)).squeeze(-1)
            mask = y.ne(0)
            return -(logp * mask).sum(-1) / mask.sum(-1)
        """),
        "nb18-attention-forward": _body("""
            B, T, C = x.shape
            H, D = self.n_head, self.head_dim

            def heads(t):
                return t.unflatten(-1, (H, D)).transpose(1, 2)

            q, k, v = map(heads, self.qkv(x).chunk(3, dim=-1))
            y = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout if self.training else 0.0, is_causal=True)
            return self.resid_drop(self.proj(y.transpose(1, 2).reshape(B, T, C)))
        """),
        "nb18-block-forward": _body("""
            for norm, layer in ((self.ln1, self.attn), (self.ln2, self.mlp)):
                x = x + layer(norm(x))
            return x
        """),
        "nb18-decoder-forward": _body("""
            positions = self.positions(torch.arange(T, device=idx.device))
            h = self.drop(self.tokens(idx) + positions[None])
            for blk in self.blocks:
                h = blk(h)
            logits = self.lm_head(self.ln_f(h))
            loss = None
            if targets is not None:
                mask = targets != 0
                loss = F.cross_entropy(logits[mask], targets[mask])
            return logits, loss
        """),
        "nb18-param-groups": _body("""
            by_kind = {True: [], False: []}
            for p in model.parameters():
                by_kind[p.ndim >= 2].append(p)
            return [
                {"params": by_kind[True], "weight_decay": weight_decay},
                {"params": by_kind[False], "weight_decay": 0.0},
            ]
        """),
        "nb18-lr-at": _body("""
            def clamp01(v):
                return min(max(v, 0.0), 1.0)

            if step < warmup:
                return float(lr * step / warmup)
            floor = lr * min_lr_ratio
            progress = clamp01((step - warmup) / (max_steps - warmup))
            return float(floor + (lr - floor) * (1.0 + math.cos(math.pi * progress)) / 2.0)
        """),
    },
    # Pareja, la que resuelve: a su manera.
    "dolores": {
        "nb11-make-xy": _body("""
            count = (stream.shape[0] - 1) // T
            starts = torch.arange(count) * T
            offsets = torch.arange(T)
            positions = starts[:, None] + offsets[None, :]
            x = stream[positions]
            y = stream[positions + 1]
            return x, y
        """),
        "nb11-accumulated-step": _body("""
            opt.zero_grad()
            chunk = x.shape[0] // n_micro
            total = 0.0
            for start in range(0, x.shape[0], chunk):
                logits = model(x[start:start + chunk])
                targets = y[start:start + chunk].reshape(-1)
                part = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets) * (chunk / x.shape[0])
                part.backward()
                total += part.item()
            opt.step()
            return total
        """),
        "nb11-data-floor": _body("""
            import math
            from collections import Counter
            a = x.flatten().tolist()
            b = y.flatten().tolist()
            pairs = Counter(zip(a, b))
            singles = Counter(a)
            log_sum = sum(n * math.log(n / singles[cur]) for (cur, nxt), n in pairs.items())
            return -log_sum / len(a)
        """),
        "nb17-pad-to": _body("""
            batch = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
            for row, seq in zip(batch, seqs):
                n = min(len(seq), T)
                row[:n] = torch.tensor(seq[:n])
            return batch
        """),
        "nb17-packed-item": _body("""
            s = int(starts[i])
            x = torch.zeros(block, dtype=torch.int64)
            y = torch.zeros(block, dtype=torch.int64)
            piece = stream[s:s + block].long()
            x[:len(piece)] = piece
            y[:block - 1] = x[1:]
            return x, y
        """),
        "nb17-loss-per-game": _body("""
            per_pos = F.cross_entropy(logits.transpose(1, 2), y, reduction="none")  # (B, T)
            keep = (y > 0).to(per_pos.dtype)
            return (per_pos * keep).sum(1) / keep.sum(1)
        """),
        "nb18-attention-forward": _body("""
            B, T, d = x.shape
            qkv = self.qkv(x).view(B, T, 3, self.n_head, self.head_dim)
            q, k, v = qkv.permute(2, 0, 3, 1, 4).unbind(0)
            out = F.scaled_dot_product_attention(q, k, v, dropout_p=self.dropout * self.training, is_causal=True)
            out = out.permute(0, 2, 1, 3).reshape(B, T, d)
            return self.resid_drop(self.proj(out))
        """),
        "nb18-block-forward": _body("""
            x = x + self.attn(self.ln1(x))
            x = x + self.mlp(self.ln2(x))
            return x
        """),
        "nb18-decoder-forward": _body("""
            where = torch.arange(T, device=idx.device)
            h = self.tokens(idx) + self.positions(where)
            h = self.drop(h)
            for layer in self.blocks:
                h = layer(h)
            logits = self.lm_head(self.ln_f(h))
            if targets is None:
                return logits, None
            flat = targets.reshape(-1)
            losses = F.cross_entropy(logits.view(B * T, -1), flat, reduction="none")
            mask = flat != 0
            loss = (losses * mask).sum() / mask.sum()
            return logits, loss
        """),
        "nb18-param-groups": _body("""
            big, small = [], []
            for p in model.parameters():
                (big if p.dim() > 1 else small).append(p)
            return [dict(params=big, weight_decay=weight_decay), dict(params=small, weight_decay=0.0)]
        """),
        "nb18-lr-at": _body("""
            floor = lr * min_lr_ratio
            if step >= max_steps:
                return floor
            if step < warmup:
                return step / warmup * lr
            p = (step - warmup) / (max_steps - warmup)
            return floor + (lr - floor) * 0.5 * (1 + math.cos(math.pi * p))
        """),
    },
    # Pareja, el que copia: lo de dolores, retocado a mano para que no se note.
    "esteban": {
        "nb11-make-xy": _body("""
            # primero las posiciones de cada ventana, luego se leen del flujo
            offsets = torch.arange(T)
            n_windows = (len(stream) - 1) // T

            first = T * torch.arange(n_windows)
            index = first.unsqueeze(1) + offsets.unsqueeze(0)
            inputs = stream[index]
            targets = stream[1 + index]
            return inputs, targets
        """),
        "nb11-accumulated-step": _body("""
            size = x.shape[0] // n_micro
            opt.zero_grad()
            loss_sum = 0.0

            # cada trozo aporta su parte de la media del lote
            for begin in range(0, x.shape[0], size):
                out = model(x[begin:begin + size])
                goal = y[begin:begin + size].reshape(-1)
                share = F.cross_entropy(out.reshape(-1, out.shape[-1]), goal) * size / x.shape[0]
                share.backward()
                loss_sum = loss_sum + share.item()

            opt.step()
            return loss_sum
        """),
        "nb11-data-floor": _body("""
            from collections import Counter
            import math

            cur_list = x.flatten().tolist()
            nxt_list = y.flatten().tolist()
            seen_as_current = Counter(cur_list)
            seen_pairs = Counter(zip(cur_list, nxt_list))
            # cada pareja distinta pesa tantas veces como aparece
            total = sum(times * math.log(times / seen_as_current[a]) for (a, b), times in seen_pairs.items())
            return -total / len(cur_list)
        """),
        "nb17-pad-to": _body("""
            result = torch.full((len(seqs), T), pad_id, dtype=torch.int64)

            for line, ids in zip(result, seqs):
                # lo que quepa de la secuencia, el resto ya es relleno
                k = min(T, len(ids))
                line[:k] = torch.tensor(ids[:k])
            return result
        """),
        "nb17-packed-item": _body("""
            targets = torch.zeros(block, dtype=torch.int64)
            inputs = torch.zeros(block, dtype=torch.int64)
            begin = int(starts[i])

            tokens = stream[begin:begin + block].long()
            inputs[:tokens.shape[0]] = tokens
            targets[:-1] = inputs[1:]   # el último se queda en <pad>
            return inputs, targets
        """),
        "nb17-loss-per-game": _body("""
            real = (y != 0).to(logits.dtype)
            # cross_entropy con las clases en el eje 1 da (B, T)
            each = F.cross_entropy(logits.permute(0, 2, 1), y, reduction="none")
            return (each * real).sum(dim=1) / real.sum(dim=1)
        """),
        "nb18-attention-forward": _body("""
            b, t, width = x.shape
            packed = self.qkv(x).view(b, t, 3, self.n_head, self.head_dim)

            query, key, value = packed.permute(2, 0, 3, 1, 4).unbind(0)
            p_drop = self.dropout if self.training else 0.0
            att = F.scaled_dot_product_attention(query, key, value, dropout_p=p_drop, is_causal=True)
            # las cabezas otra vez juntas
            att = att.permute(0, 2, 1, 3).reshape(b, t, width)
            return self.resid_drop(self.proj(att))
        """),
        "nb18-block-forward": _body("""
            h = x + self.attn(self.ln1(x))

            h = h + self.mlp(self.ln2(h))
            return h
        """),
        "nb18-decoder-forward": _body("""
            steps = torch.arange(T, device=idx.device)
            hidden = self.drop(self.positions(steps) + self.tokens(idx))

            for blk in self.blocks:
                hidden = blk(hidden)
            logits = self.lm_head(self.ln_f(hidden))
            if targets is not None:
                goal = targets.reshape(-1)
                keep = goal != 0
                per_token = F.cross_entropy(logits.view(B * T, -1), goal, reduction="none")
                return logits, (per_token * keep).sum() / keep.sum()
            return logits, None
        """),
        "nb18-param-groups": _body("""
            matrices, others = [], []
            for param in model.parameters():
                if param.dim() >= 2:
                    matrices.append(param)
                else:
                    others.append(param)

            return [dict(params=matrices, weight_decay=weight_decay), dict(params=others, weight_decay=0.0)]
        """),
        "nb18-lr-at": _body("""
            if step < warmup:
                return lr * step / warmup
            bottom = min_lr_ratio * lr
            if step >= max_steps:
                return bottom

            frac = (step - warmup) / (max_steps - warmup)
            return bottom + (lr - bottom) * (1 + math.cos(frac * math.pi)) / 2
        """),
    },
    # Copiona: la solución publicada pegada y disfrazada a mano (no reescrita).
    "fabiola": {
        "nb11-make-xy": _body("""
            count = (len(stream) - 1) // T   # ventanas completas

            inputs = stream[: count * T].reshape(count, T)
            targets = stream[1 : 1 + count * T].reshape(count, T)
            return inputs, targets
        """),
        "nb11-accumulated-step": _body("""
            chunk = x.shape[0] // n_micro
            acc = 0.0
            opt.zero_grad()

            for begin in range(0, x.shape[0], chunk):
                out = model(x[begin : begin + chunk])
                # pérdida media del trozo
                part = F.cross_entropy(out.reshape(-1, out.shape[-1]), y[begin : begin + chunk].reshape(-1))
                acc += part.item()
                (part * (1 / n_micro)).backward()
            opt.step()
            return acc / n_micro
        """),
        "nb11-data-floor": _body("""
            from collections import Counter
            import math

            couples = list(zip(x.reshape(-1).tolist(), y.reshape(-1).tolist()))
            seen_current = Counter(cur for cur, _ in couples)
            seen_couple = Counter(couples)
            acc = 0.0
            for cur, nxt in couples:
                acc = acc - math.log(seen_couple[(cur, nxt)] / seen_current[cur])

            return acc / len(couples)
        """),
        "nb17-pad-to": _body("""
            out = torch.full((len(seqs), T), pad_id, dtype=torch.int64)
            for row, ids in enumerate(seqs):
                # cortar a T
                head = list(ids)[:T]
                out[row, : len(head)] = torch.tensor(head, dtype=torch.int64)

            return out
        """),
        "nb17-packed-item": _body("""
            begin = int(starts[i])
            piece = stream[begin : begin + block]   # puede quedarse corto al final del flujo
            inputs = torch.full((block,), 0, dtype=torch.int64)
            targets = torch.full((block,), 0, dtype=torch.int64)

            inputs[: len(piece)] = piece
            targets[:-1] = inputs[1:]
            return inputs, targets
        """),
        "nb17-loss-per-game": _body("""
            B, T, V = logits.shape
            mask = y != 0
            # una pérdida por posición, luego por fila
            each = F.cross_entropy(logits.reshape(B * T, V), y.reshape(B * T), reduction="none").view(B, T)

            return (each * mask).sum(dim=1) / mask.sum(dim=1)
        """),
        "nb18-attention-forward": _body("""
            B, T, width = x.shape
            query, key, value = self.qkv(x).split(width, dim=2)

            query, key, value = (z.view(B, T, self.n_head, self.head_dim).transpose(1, 2) for z in (query, key, value))
            p = 0.0 if not self.training else self.dropout
            att = F.scaled_dot_product_attention(query, key, value, dropout_p=p, is_causal=True)
            att = att.transpose(1, 2).contiguous().view(B, T, width)   # cabezas juntas
            return self.resid_drop(self.proj(att))
        """),
        "nb18-block-forward": _body("""
            h = x + self.attn(self.ln1(x))

            return h + self.mlp(self.ln2(h))
        """),
        "nb18-decoder-forward": _body("""
            steps = torch.arange(T, device=idx.device)
            h = self.drop(self.positions(steps) + self.tokens(idx))

            for layer in self.blocks:
                h = layer(h)
            logits = self.lm_head(self.ln_f(h))
            result = None
            if targets is not None:
                # sin contar el relleno
                result = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=0)
            return logits, result
        """),
        "nb18-param-groups": _body("""
            flat = [q for q in model.parameters() if q.dim() < 2]
            matrices = [q for q in model.parameters() if q.dim() > 1]

            return [{"params": matrices, "weight_decay": weight_decay}, {"params": flat, "weight_decay": 0.0}]
        """),
        "nb18-lr-at": _body("""
            if step < warmup:
                return step / warmup * lr
            bottom = min_lr_ratio * lr
            frac = min(1.0, (step - warmup) / (max_steps - warmup))
            return bottom + (lr - bottom) * (1 + math.cos(math.pi * frac)) / 2
        """),
    },
    # El cuaderno en blanco.
    "gonzalo": {},
}
