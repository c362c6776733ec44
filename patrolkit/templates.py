"""Reading the TOML data files shipped in ``templates/`` (installed with the package)."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from patrolkit.errors import KitError
from patrolkit.i18n import _


def load(name: str) -> dict[str, Any]:
    """The parsed template ``templates/<name>.toml``."""
    resource = resources.files("templates").joinpath(f"{name}.toml")
    try:
        return tomllib.loads(resource.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise KitError(_("There is no template named '{name}'.").format(name=name)) from None
    except tomllib.TOMLDecodeError as exc:
        raise KitError(
            _("The template '{name}' is damaged ({reason}).").format(name=name, reason=exc)
        ) from None
