"""Keep patrolkit's gettext catalogs in step with its code, with Babel.

    python -m tools.catalogs update [DOMAIN…]   # extract the strings, update every language's .po
    python -m tools.catalogs compile [DOMAIN…]  # compile every .po into the .mo that ships
    python -m tools.catalogs check              # say what is missing, stale or untranslated

``update`` writes ``patrolkit/locale/<domain>.pot`` (the English strings of the domain's folders,
:data:`patrolkit.i18n.DOMAINS`) and merges it into ``patrolkit/locale/<lang>/LC_MESSAGES/
<domain>.po`` for each language of :data:`patrolkit.i18n.LANGUAGES` but English: new strings
arrive untranslated, strings gone from the code leave the catalog. Translate the new entries,
then ``compile``. To add a language, add its code to ``LANGUAGES`` and run ``update``.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from patrolkit.i18n import DOMAINS, LANGUAGES, LOCALE_DIR

ROOT = Path(__file__).resolve().parent.parent
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}
_METHODS = {".py": "python", ".js": "javascript", ".html": "javascript"}
_PLACEHOLDER = re.compile(r"\{[a-z_0-9]*(?:![rs])?(?::[^{}]*)?\}")


def sources(domain: str) -> list[Path]:
    """The files whose strings belong to ``domain``: those under its folders and not under a
    folder of a more specific domain."""
    own = [ROOT / folder for folder in DOMAINS[domain]]
    others = [
        ROOT / folder
        for name, folders in DOMAINS.items()
        if name != domain
        for folder in folders
        if any(ROOT / folder != mine and (ROOT / folder).is_relative_to(mine) for mine in own)
    ]
    found = []
    for folder in own:
        for path in sorted(folder.rglob("*")):
            if path.suffix not in _METHODS or not path.is_file():
                continue
            if any(path.is_relative_to(other) for other in others):
                continue
            if path.suffix == ".html" or "tests" in path.parts:
                continue
            found.append(path)
    return found


def template(domain: str) -> Catalog:
    """The English strings ``domain``'s code says today, with where each is said."""
    catalog = Catalog(domain=domain, project="patrolkit", fuzzy=False)
    for path in sources(domain):
        method = _METHODS[path.suffix]
        for line, message, comments, context in extract_from_file(
            method, str(path), keywords=KEYWORDS, comment_tags=("Translators:",)
        ):
            catalog.add(
                message,
                locations=[(path.relative_to(ROOT).as_posix(), line)],
                auto_comments=comments,
                context=context,
            )
    return catalog


def po_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(language: str, domain: str) -> Catalog:
    """The ``.po`` catalog of ``domain`` in ``language`` (an empty one if there is none yet)."""
    path = po_path(language, domain)
    if not path.exists():
        return Catalog(locale=language, domain=domain, project="patrolkit")
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=domain)


def _write(path: Path, catalog: Catalog, *, mo: bool = False) -> None:
    """Write ``catalog`` to ``path`` whole: to a file beside it, then renamed over it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    if mo:
        write_mo(buffer, catalog)
    else:
        write_po(buffer, catalog, width=100, sort_by_file=True, ignore_obsolete=True)
    partial = path.with_suffix(path.suffix + ".partial")
    partial.write_bytes(buffer.getvalue())
    partial.replace(path)


def update(domains: Iterable[str]) -> None:
    """Write each domain's ``.pot`` and merge it into every language's ``.po``."""
    for domain in domains:
        pot = template(domain)
        _write(LOCALE_DIR / f"{domain}.pot", pot)
        for language in LANGUAGES[1:]:
            catalog = read_catalog(language, domain)
            catalog.update(pot, no_fuzzy_matching=True)
            _write(po_path(language, domain), catalog)
            print(f"{po_path(language, domain).relative_to(ROOT)}: {len(catalog)} strings")


def compile_catalogs(domains: Iterable[str]) -> None:
    """Compile every language's ``.po`` of each domain into its ``.mo``."""
    for domain in domains:
        for language in LANGUAGES[1:]:
            catalog = read_catalog(language, domain)
            _write(po_path(language, domain).with_suffix(".mo"), catalog, mo=True)


@dataclass(frozen=True)
class Gaps:
    """What a language's catalog of a domain lacks against the code."""

    missing: tuple[str, ...]
    """Strings the code says that the catalog does not hold."""
    stale: tuple[str, ...]
    """Strings the catalog holds that the code no longer says."""
    untranslated: tuple[str, ...]
    """Strings held but not translated yet (or marked fuzzy)."""
    placeholders: tuple[str, ...]
    """Strings whose translation does not fill the same ``{placeholders}``."""
    not_compiled: tuple[str, ...]
    """Strings whose shipped ``.mo`` translation differs from the ``.po`` (or is absent)."""

    def __bool__(self) -> bool:
        return any((self.missing, self.stale, self.untranslated, self.placeholders,
                    self.not_compiled))  # fmt: skip


def _ids(message_id: str | tuple[str, ...]) -> tuple[str, ...]:
    return message_id if isinstance(message_id, tuple) else (message_id,)


def _strings(message_string: str | tuple[str, ...] | None) -> tuple[str, ...]:
    if message_string is None:
        return ()
    return message_string if isinstance(message_string, tuple) else (message_string,)


def gaps(language: str, domain: str) -> Gaps:
    """Compare ``domain``'s catalog in ``language`` with the code and with its ``.mo``."""
    said = {message.id: message for message in template(domain) if message.id}
    held = {message.id: message for message in read_catalog(language, domain) if message.id}
    mo_path = po_path(language, domain).with_suffix(".mo")
    compiled: dict[object, object] = {}
    if mo_path.exists():
        with mo_path.open("rb") as file:
            # a plural message reads back from a .mo with lists for its forms
            compiled = {
                (tuple(m.id) if isinstance(m.id, list) else m.id): (
                    tuple(m.string) if isinstance(m.string, list) else m.string
                )
                for m in read_mo(file)
                if m.id
            }
    untranslated, placeholders, not_compiled = [], [], []
    for key, message in held.items():
        strings = _strings(message.string)
        if message.fuzzy or not strings or not all(strings):
            untranslated.append(_ids(key)[0])
            continue
        wanted = {p for text in _ids(key) for p in _PLACEHOLDER.findall(text)}
        used = [set(_PLACEHOLDER.findall(text)) for text in strings]
        # a plural form may say "une case" without its {count}; no form invents a placeholder
        if any(not found <= wanted for found in used) or (len(strings) == 1 and used[0] != wanted):
            placeholders.append(_ids(key)[0])
        if compiled.get(key) != message.string:
            not_compiled.append(_ids(key)[0])
    return Gaps(
        missing=tuple(_ids(k)[0] for k in said if k not in held),
        stale=tuple(_ids(k)[0] for k in held if k not in said),
        untranslated=tuple(untranslated),
        placeholders=tuple(placeholders),
        not_compiled=tuple(not_compiled),
    )


def conflicts(language: str) -> dict[str, dict[str, str]]:
    """Every English string two domains translate differently into ``language``, with each
    domain's translation: the catalogs are chained into one at run time, so only one of them
    would ever be said."""
    said: dict[object, dict[str, str]] = {}
    for domain in DOMAINS:
        for message in read_catalog(language, domain):
            if message.id and message.string and not message.fuzzy:
                key = (message.context, message.id)
                said.setdefault(key, {})[domain] = str(message.string)
    return {
        _ids(key[1])[0]: by_domain  # type: ignore[index]
        for key, by_domain in said.items()
        if len(set(by_domain.values())) > 1
    }


def _report(domains: Sequence[str]) -> Iterator[str]:
    for domain in domains:
        for language in LANGUAGES[1:]:
            found = gaps(language, domain)
            for kind in ("missing", "stale", "untranslated", "placeholders", "not_compiled"):
                for text in getattr(found, kind):
                    yield f"{language}/{domain}: {kind}: {text[:90]!r}"
    for language in LANGUAGES[1:]:
        for text, by_domain in conflicts(language).items():
            yield f"{language}: said differently by {', '.join(by_domain)}: {text[:90]!r}"


def main(argv: Sequence[str]) -> int:
    if not argv or argv[0] not in ("update", "compile", "check"):
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    domains = list(argv[1:]) or list(DOMAINS)
    unknown = [d for d in domains if d not in DOMAINS]
    if unknown:
        print(f"unknown domain {unknown[0]} (the domains are {', '.join(DOMAINS)})")
        return 2
    if argv[0] == "update":
        update(domains)
    elif argv[0] == "compile":
        compile_catalogs(domains)
    else:
        lines = list(_report(domains))
        print("\n".join(lines) or "every catalog is complete")
        return 1 if lines else 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
