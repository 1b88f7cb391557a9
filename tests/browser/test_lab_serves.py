"""`make lab` sirve los cuadernos de alumno desde la copia de trabajo (sin navegador)."""

import json
import urllib.request


from course_tools.layout.course import notebook_path, notebooks


def test_lab_lists_every_student_notebook(lab_server):
    base = f"{lab_server['url']}/api/contents"
    with urllib.request.urlopen(f"{base}?token={lab_server['token']}", timeout=30) as answer:
        listing = {item["name"] for item in json.load(answer)["content"]}
    slugs = {n.slug for n in notebooks()}
    assert slugs <= listing, f"faltan en la copia de trabajo: {sorted(slugs - listing)}"
    first = notebooks()[0].slug
    with urllib.request.urlopen(f"{base}/{first}/{first}.ipynb?token={lab_server['token']}", timeout=30) as answer:
        notebook = json.load(answer)["content"]
    assert any("ESCRIBE AQUÍ TU CÓDIGO" in "".join(c["source"]) for c in notebook["cells"])
    assert notebook_path(lab_server["workspace"], first).exists()
