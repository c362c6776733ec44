"""What the rules of 12 Patrols say about a photo of a kingdom, as JSON and as words.

Verdict JSON, schema 1
----------------------
A plain dict, ready for :func:`json.dumps`:

``schema``, ``game``, ``kind``
    ``1``, ``"twelve-patrols"``, ``"score"``.
``judged``
    ``true`` when everything the rules need was read, so they could judge; ``false`` otherwise
    (``unreadable`` says what and where). A die far beside the kingdom whose top face is not
    seen stays in ``unreadable`` but stops nothing the rules can say without its value: a
    complete kingdom is judged, and one in progress too when a win can be reached (or not)
    whatever it shows (:data:`UNSEEN_CASES`).
``state``
    The kingdom read, in the rules' text form (``Kingdom.text``: deck id, cards row by row,
    the twelve patrols), with ``?`` for a place whose card could not be read and added to each
    patrol where something could not be read. A kingdom spanning fewer than three rows (columns)
    is written at the top (left). ``null`` when the photo does not show where the cards read
    lie in the grid: cards whose code cannot be read lie round them and, with the cards read,
    do not span the three rows and the three columns (``unreadable`` says so first).
``deck``
    ``{"id", "name", "known"}``: ``known`` when the deck is one we ship (or all nine cards are
    on the table), so the cards not on the table are known too.
``cards_read``, ``patrols_read``
    Cards read (also those whose place the photo does not show); slots holding a patrol.
``pool``
    The items read beside the kingdom (unused), in notation (``D-B2=4``, ``Q-Y1``).
``astray``
    ``[{"item", "where"}]``: items in no slot and too near the kingdom to be unused; they are
    left out of the kingdom.
``unreadable``
    ``[{"what", "where", "at_px"}]``: everything that could not be read, one phrase, where in
    words and the point in the photo.
``foreign_codes``
    ``[{"text", "at_px", "why"}]``: QR codes that are not this game's, ignored.
``complete``
    ``true`` when the nine cards and the twelve patrols are all there.
``win``
    ``true``/``false`` for a complete kingdom, ``null`` otherwise (or when not judged).
``failing``
    ``[{"card", "place", "side", "asks", "found", "final", "sentence"}]``: every requirement
    that fails (``final`` false: it fails already, before its slots are all filled). For a
    kingdom whose place in the grid the photo cannot tell, only the requirements that fail
    wherever it lies.
``reachable``
    For a kingdom in progress: ``true`` when a win can still be reached with the cards not yet
    laid and the items beside it (re-rolls allowed), ``false`` when not, ``null`` when it cannot
    be known (not judged, or the deck's other cards unknown). ``null`` for a complete kingdom.
``why_not``
    When ``reachable`` is ``false``, why, in one sentence; when it is ``null`` for a kingdom in
    progress, why it cannot be known.
``edges``
    ``[{"place", "side", "asks", "status"}]``: every requirement facing into the kingdom as
    read: ``status`` ``"met"``, ``"failed"`` or ``"waiting"`` (its slots not all filled yet).
    ``place`` is ``r0c1``…, ``side`` ``N``, ``E``, ``S`` or ``W``.
``problems``
    Every problem, one sentence each: items astray, foreign codes, failing requirements.
``timings_s``
    The seconds each reading stage took.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Any, Final

from companion.twelve_patrols.reading import PatrolsReading
from companion.verdict import SCHEMA, foreign_codes_lines
from patrolkit.games.twelve_patrols import (
    DIE_FACES,
    POSITIONS,
    SIZE,
    Failure,
    Item,
    Kingdom,
    Side,
    failures,
    is_win,
    judge,
    place_name,
    reachable,
    scope,
    why_not,
)
from patrolkit.i18n import _, ngettext

UNSEEN_CASES: Final = 36
"""A kingdom in progress is judged over every value its unseen dice beside it may show, up to
this many cases (two dice); with more, whether a win can be reached is left unjudged."""
SIDE_NAMES: Final = {Side.NORTH: "north", Side.EAST: "east", Side.SOUTH: "south", Side.WEST: "west"}


def score_verdict(reading: PatrolsReading) -> dict[str, Any]:
    """The verdict on one photo of a kingdom."""
    kingdom = reading.kingdom
    deck = reading.deck
    unreadable = [
        {"what": u.reason, "where": u.where, "at_px": reading.in_photo(u.photo_px)}
        for u in reading.unread
    ]
    unseen = tuple(u.pool_die for u in reading.unread if u.pool_die is not None)
    judged = len(unseen) == len(unreadable)
    verdict: dict[str, Any] = {
        "schema": SCHEMA,
        "game": "twelve-patrols",
        "kind": "score",
        "judged": judged,
        "state": reading.state_text,
        "deck": {
            "id": deck.id if reading.deck_known else _deck_id(reading),
            "name": deck.name,
            "known": reading.deck_known,
        },
        "cards_read": len(kingdom.placed) + len(reading.unplaced),
        "patrols_read": sum(1 for p in kingdom.patrols if p),
        "pool": [item.notation for item in reading.pool],
        "astray": [{"item": i.item.notation, "where": i.where} for i in reading.astray],
        "unreadable": unreadable,
        "foreign_codes": [
            {"text": f.text, "at_px": reading.in_photo(f.photo_px), "why": f.why}
            for f in reading.foreign
        ],
        "complete": len(kingdom.placed) == SIZE * SIZE and all(kingdom.patrols),
        "win": None,
        "failing": [],
        "reachable": None,
        "why_not": None,
        "edges": [],
        "problems": list(reading.problems),
        "timings_s": dict(reading.timings),
    }
    found = (
        judgement(kingdom, reading.pool, known=reading.deck_known, unseen=unseen)
        if judged
        else None
    )
    if found is not None:
        verdict.update(found)
        verdict["problems"] += [f["sentence"] for f in verdict["failing"]]
    else:
        verdict["judged"] = False
    return verdict


def judgement(
    kingdom: Kingdom, pool: Sequence[Item], *, known: bool, unseen: Sequence[str] = ()
) -> dict[str, Any] | None:
    """What the rules say about ``kingdom`` with the unused items ``pool`` and the dice
    ``unseen`` beside it (``D-B2``: their values not seen): the keys ``complete``, ``win``,
    ``failing``, ``reachable``, ``why_not`` and ``edges`` of the verdict; ``None`` when what
    they say depends on the unseen values. ``known`` tells whether the deck's cards not in the
    kingdom are known."""
    complete = len(kingdom.placed) == SIZE * SIZE and all(kingdom.patrols)
    placements = kingdom.placements()
    everywhere = _failing_everywhere(placements)
    failing = [f for f in failures(kingdom) if _key(f) in everywhere]
    found: dict[str, Any] = {
        "complete": complete,
        "win": is_win(kingdom) if complete else None,
        "failing": [
            {
                "card": f.card.name,
                "place": place_name(f.position),
                "side": SIDE_NAMES[f.side],
                "asks": f.requirement.wording,
                "found": f.found,
                "final": f.final,
                "sentence": f.sentence,
            }
            for f in failing
        ],
        "reachable": None,
        "why_not": None,
        "edges": _edges(kingdom, everywhere),
    }
    if complete:
        return found
    if not known:
        found["why_not"] = _(
            "The deck is not one we ship and some of its cards are not on the table, so whether"
            " a win can still be reached cannot be known."
        )
        return found
    if unseen and any(reachable(k, pool) is not None for k in placements):
        found["reachable"] = True  # an item more never stops a win: it may stay unused
        return found
    if len(DIE_FACES) ** len(unseen) > UNSEEN_CASES:
        return None
    answers = {}
    for faces in product(DIE_FACES, repeat=len(unseen)):
        dice = [Item.parse(f"{die}={face}") for die, face in zip(unseen, faces, strict=True)]
        every = [*pool, *dice]
        answers[any(reachable(k, every) is not None for k in placements)] = every
    if len(answers) > 1:
        return None
    [(found["reachable"], every)] = answers.items()
    if not found["reachable"]:
        found["why_not"] = why_not(kingdom, every)
    return found


def _deck_id(reading: PatrolsReading) -> str:
    """The deck id the cards' codes carry."""
    return reading.kingdom.text.split(" ")[0]


def _key(failure: Failure) -> tuple[str, Side, str]:
    return (failure.card.name, failure.side, failure.requirement.code)


def _failing_everywhere(placements: list[Kingdom]) -> set[tuple[str, Side, str]]:
    """The requirements that fail wherever the kingdom lies in the grid."""
    sets = [{_key(f) for f in failures(k)} for k in placements]
    return set.intersection(*sets) if sets else set()


def _edges(kingdom: Kingdom, failing: set[tuple[str, Side, str]]) -> list[dict[str, Any]]:
    """Every requirement facing into the kingdom as read, with whether it is met."""
    found = []
    for position in POSITIONS:
        card = kingdom.card_at(position)
        if card is None:
            continue
        for side in Side:
            slots = scope(position, side)
            edge = card.edge(side)
            if not slots or not edge:
                continue
            patrols = [kingdom.patrol(s) for s in slots]
            for requirement in edge:
                if (card.name, side, requirement.code) in failing:
                    status = "failed"
                elif all(patrols) and all(kingdom.is_open(s) for s in slots):
                    status = "met" if judge(requirement, patrols) else "failed"
                else:
                    status = "waiting"
                found.append(
                    {
                        "place": f"r{position[0]}c{position[1]}",
                        "side": side.value,
                        "asks": requirement.code,
                        "status": status,
                    }
                )
    return found


# -- words ----------------------------------------------------------------------------------


def format_verdict(verdict: dict[str, Any]) -> str:
    """The verdict in a few short lines, as a referee would say it."""
    deck = verdict["deck"]
    pool = verdict["pool"]
    cards = ngettext("{count} card", "{count} cards", verdict["cards_read"]).format(
        count=verdict["cards_read"]
    )
    patrols = ngettext("{count} patrol", "{count} patrols", verdict["patrols_read"]).format(
        count=verdict["patrols_read"]
    )
    if pool:
        unused = ngettext(
            "{count} unused item beside it", "{count} unused items beside it", len(pool)
        ).format(count=len(pool))
        first = _("Kingdom of the deck '{deck}' ({id}): {cards} and {patrols} read, {unused}.")
    else:
        unused = ""
        first = _("Kingdom of the deck '{deck}' ({id}): {cards} and {patrols} read.")
    lines = [
        first.format(deck=deck["name"], id=deck["id"], cards=cards, patrols=patrols, unused=unused)
    ]
    if verdict["judged"]:
        lines += _judgement(verdict)
        if verdict["unreadable"]:
            lines.append(_("Not read, and not needed for this verdict:"))
            lines += [f"  {u['where']}: {u['what']}" for u in verdict["unreadable"]]
    else:
        count = len(verdict["unreadable"])
        lines.append(
            ngettext(
                "Cannot judge: {count} thing could not be read; fix it (or move the glare, the"
                " shadow, the hand) and take the photo again:",
                "Cannot judge: {count} things could not be read; fix them (or move the glare,"
                " the shadow, the hand) and take the photo again:",
                count,
            ).format(count=count)
        )
        lines += [f"  {u['where']}: {u['what']}" for u in verdict["unreadable"]]
    for astray in verdict["astray"]:
        lines.append(
            _("Left out: {item} stands {where}.").format(item=astray["item"], where=astray["where"])
        )
    lines += foreign_codes_lines(verdict)
    return "\n".join(lines)


def _judgement(verdict: dict[str, Any]) -> list[str]:
    failing = [f"  {f['sentence']}" for f in verdict["failing"]]
    if verdict["complete"]:
        if verdict["win"]:
            return [_("The kingdom wins: nine cards, twelve patrols, every requirement met.")]
        return [_("The kingdom does not win:"), *failing]
    open_slots = verdict["state"].split(" ")[2].split(";")
    lines = [
        _("Kingdom in progress: {cards} of 9 cards laid, {patrols} of 12 patrols posted.").format(
            cards=verdict["cards_read"], patrols=sum(1 for p in open_slots if p != "-")
        )
    ]
    lines += [_("Already failing:"), *failing] if failing else [_("No requirement fails yet.")]
    if verdict["reachable"] is True:
        lines.append(
            _("A win can still be reached with the cards still to come and the items beside.")
        )
    elif verdict["reachable"] is False:
        lines.append(_("No win can be reached any more: {why}").format(why=verdict["why_not"]))
    elif verdict["why_not"]:
        lines.append(verdict["why_not"])
    return lines
