"""nbgrader valida los metadatos de cada celda con un validador hecho una vez: mismo veredicto, mismo error."""

import jsonschema
import pytest
from nbformat.v4 import new_code_cell
from nbgrader.nbgraderformat import common
from nbgrader.nbgraderformat.v3 import MetadataValidatorV3

from course_tools.layout.nbgrader_compat import use_cached_metadata_schema


def _cell(**meta):
    base = {"grade": True, "grade_id": "ej-1", "locked": True, "points": 1.0, "schema_version": 3,
            "solution": False, "task": False}
    return new_code_cell("pass", metadata={"nbgrader": {**base, **meta}})


@pytest.fixture
def cached(monkeypatch):
    monkeypatch.setattr(common.BaseMetadataValidator, "validate_cell", common.BaseMetadataValidator.validate_cell)
    use_cached_metadata_schema()
    assert getattr(common.BaseMetadataValidator.validate_cell, "cached_schema", False)
    return MetadataValidatorV3()


def test_valid_metadata_still_passes(cached):
    cached.validate_cell(_cell())
    cached.validate_cell(new_code_cell("pass"))  # sin metadatos de nbgrader: nada que validar


def test_invalid_metadata_gives_the_same_error_as_jsonschema(cached):
    bad = _cell(points="uno")
    with pytest.raises(jsonschema.ValidationError) as plain:
        jsonschema.validate(bad.metadata["nbgrader"], cached.schema)
    with pytest.raises(jsonschema.ValidationError) as fast:
        cached.validate_cell(bad)
    assert fast.value.message == plain.value.message and list(fast.value.path) == list(plain.value.path)


def test_other_schema_versions_keep_nbgraders_error(cached):
    with pytest.raises(common.SchemaTooOldError):
        cached.validate_cell(_cell(schema_version=1))
    with pytest.raises(common.SchemaTooNewError):
        cached.validate_cell(_cell(schema_version=9))


def test_patching_twice_wraps_once(cached):
    patched = common.BaseMetadataValidator.validate_cell
    use_cached_metadata_schema()
    assert common.BaseMetadataValidator.validate_cell is patched
