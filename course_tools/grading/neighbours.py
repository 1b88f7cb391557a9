"""¿Escribe un alumno como la solución publicada, y como ninguna solución honrada?

En cuadernos de respuestas cortas, quien escribe lo natural se parece mucho a la solución publicada: parecerse a ella
no acusa a nadie. Lo que distingue a quien la pegó y la disfrazó es otra cosa: **por dónde se aparta de ella**. Un
alumno honrado, por natural que escriba, en algún ejercicio lo hace a su manera, y esa manera la escribe también otra
solución honrada (``catalogues/independent/``) mejor que la publicada. Quien la pegó solo se aparta en lo que cambió
para disimular (nombres, comentarios, el orden de dos líneas, una expresión por otra equivalente), y eso no lo acerca
a ninguna solución honrada.

De cada ejercicio que respondió se compara su código propio (el de la celda sin lo que trae la versión de alumno,
tras el analizador de ``similarity``: sin nombres, comentarios ni formato) con el de la solución publicada y con el de
cada solución independiente (``likeness``: la parte que casa, de 0 a 1). Con eso, cada ejercicio pesado por las
letras propias de la solución (``evidence.weight``):

- ``closeness``: cuánto se parece a la solución publicada;
- ``straying``: cuánto se aparta de ella hacia alguna solución honrada (lo que la honrada más cercana se le parece
  más que la publicada; nada si la publicada es la más cercana);
- ``lead``: cuánto más cerca está de la publicada que de la honrada más cercana, en conjunto.

Se señala (``near_copy``) a quien se parece a ella más que la mitad de las soluciones honradas, está en conjunto más
cerca de ella que de ninguna y apenas se aparta hacia ellas. Los dos umbrales salen de ``copies_calibration`` con las
soluciones independientes, sin mirar ninguna clase.
"""

from __future__ import annotations

import difflib
import functools
import os
from dataclasses import dataclass, field

from .evidence import weight
from .similarity import Exercise, Fingerprint, Thresholds, covered, fingerprint


def given_texts(wanted: list[Exercise], thresholds: Thresholds) -> dict[str, str]:
    """grade_id -> el texto filtrado de la celda que trae la versión de alumno (lo que ``own_text`` quita)."""
    return {e.grade_id: fingerprint(e.given, thresholds).filtered for e in wanted}


def own_text(fp: Fingerprint, given: str) -> str:
    """El código filtrado de una celda sin lo que comparte al principio y al final con la celda dada (la firma, el
    docstring, lo que va después del hueco): lo que escribió quien la respondió."""
    text = fp.filtered
    start = len(os.path.commonprefix([text, given]))
    end = len(os.path.commonprefix([text[start:][::-1], given[start:][::-1]]))
    return text[start:len(text) - end]


@functools.lru_cache(maxsize=1 << 16)  # una ronda de pruebas compara muchas veces los mismos textos
def likeness(a: str, b: str) -> float:
    """La parte de los dos textos que casa (0: nada; 1: iguales)."""
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio() if a or b else 1.0


@functools.lru_cache(maxsize=1 << 16)
def _nearest(text: str, others: tuple[str, ...]) -> float:
    """El parecido más alto de ``text`` a uno de ``others``: de la cota rápida de ``difflib`` más alta a la más baja
    (nunca es menor que el parecido), hasta que ninguna de las que quedan puede superar al mejor."""
    matchers = [difflib.SequenceMatcher(None, text, other, autojunk=False) for other in others]
    best = 0.0
    for bound, matcher in sorted(((m.quick_ratio(), m) for m in matchers), key=lambda item: -item[0]):
        if bound <= best:
            break
        best = max(best, matcher.ratio())
    return best


@dataclass
class Nearness:
    """Sumas pesadas de los ejercicios mirados de un alumno (o de una solución independiente)."""

    weight: float = 0.0  # letras propias de la solución publicada en esos ejercicios, pesadas
    close: float = 0.0  # suma pesada del parecido a la solución publicada
    strays: float = 0.0  # suma pesada de lo que la honrada más cercana se le parece más que la publicada
    nearer: float = 0.0  # suma pesada de lo que la publicada se le parece más que la honrada más cercana
    exercises: dict = field(default_factory=dict)  # grade_id -> (parecido a la publicada, a la honrada, peso)

    @property
    def closeness(self) -> float:
        return self.close / self.weight if self.weight else 0.0

    @property
    def straying(self) -> float:
        return self.strays / self.weight if self.weight else 0.0

    @property
    def lead(self) -> float:
        return (self.nearer - self.strays) / self.weight if self.weight else 0.0


def nearness(own: dict[str, Fingerprint], solution: dict[str, Fingerprint], honest: list[dict[str, Fingerprint]],
             given: dict[str, str], thresholds: Thresholds) -> Nearness:
    """La de ``own`` (grade_id -> huellas de lo que respondió) frente a la solución publicada y a las soluciones
    ``honest``, en los ejercicios que respondió; ``given``: grade_id -> el texto filtrado de la celda dada."""
    found = Nearness()
    for gid, fp in own.items():
        if gid not in solution:
            continue
        mine = own_text(fp, given[gid])
        to_solution = likeness(mine, own_text(solution[gid], given[gid]))
        to_honest = _nearest(mine, tuple(own_text(s[gid], given[gid]) for s in honest if gid in s))
        w = weight(solution[gid], thresholds.min_chars) * covered(solution[gid], None, thresholds.k)
        found.weight += w
        found.close += w * to_solution
        found.strays += w * max(0.0, to_honest - to_solution)
        found.nearer += w * max(0.0, to_solution - to_honest)
        found.exercises[gid] = (to_solution, to_honest, w)
    return found


def summed(parts: list[Nearness]) -> Nearness:
    """La de varios cuadernos juntos (un ``grade_id`` no se repite en todo el curso)."""
    total = Nearness()
    for part in parts:
        total.weight += part.weight
        total.close += part.close
        total.strays += part.strays
        total.nearer += part.nearer
        total.exercises.update(part.exercises)
    return total


def near_copy(found: Nearness, thresholds: Thresholds) -> bool:
    """Si se señala: bastante código mirado, más parecido a la solución que la mitad de las honradas, más cerca de ella
    que de ninguna en conjunto y apartándose de ella hacia las honradas como mucho lo que dice la calibración."""
    return (found.weight >= thresholds.min_evidence and found.lead > 0
            and found.closeness >= thresholds.solution_course_closeness
            and found.straying <= thresholds.solution_course_strays)
