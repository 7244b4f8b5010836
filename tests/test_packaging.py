"""The package installs everything it needs: every package folder is declared."""
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_folder_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    declared = set(config["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "proofcheck").rglob("__init__.py")}
    found.add("proofcheck.derivations")
    assert found <= declared, f"not installed: {sorted(found - declared)}"


def test_every_data_file_of_a_pack_is_declared():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    data = config["tool"]["setuptools"]["package-data"]
    for toml in (ROOT / "proofcheck" / "papers").rglob("*.toml"):
        package = ".".join(toml.parent.relative_to(ROOT).parts)
        if toml.parent.name == "claims":
            package = ".".join(toml.parent.parent.relative_to(ROOT).parts)
            pattern = "claims/*.toml"
        else:
            pattern = toml.name
        assert pattern in data.get(package, []), f"{toml} is not installed"


def test_the_version_is_the_same_in_pyproject_the_package_and_the_changelog():
    import proofcheck
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert proofcheck.__version__ == version
    assert f"## {version} " in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_every_project_url_is_an_absolute_https_address():
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    assert urls and all(url.startswith("https://") for url in urls.values())
