"""Stratego's pieces, ranks and armies as a player reads them, in the language in force.

Import these names from this module (the rules' sentences, the kit and the referee use them).

The rules' own names stay the same in every language: :attr:`Rank.title
<patrolkit.games.stratego.model.Rank.title>` (``scout``) and :attr:`Army.title
<patrolkit.games.stratego.model.Army.title>` (``red``) are what secret files, JSON and notation
write. The functions here give the words a sentence says instead, whole: French puts an article
and an adjective to a noun's gender (``l’éclaireur rouge``, ``la bombe bleue``), so each noun
phrase is one text of the catalog, never glued from parts.
"""

from __future__ import annotations

from patrolkit.games.stratego.model import Army, Piece, Rank
from patrolkit.i18n import ngettext, pgettext


def capitalized(text: str) -> str:
    """``text`` with its first letter upper case, the rest as it is (``L’éclaireur``)."""
    return text[:1].upper() + text[1:]


def rank_name(rank: Rank) -> str:
    """The rank's name alone, lower case: ``scout``, ``éclaireur``."""
    return {
        Rank.MARSHAL: pgettext("stratego", "marshal"),
        Rank.GENERAL: pgettext("stratego", "general"),
        Rank.COLONEL: pgettext("stratego", "colonel"),
        Rank.MAJOR: pgettext("stratego", "major"),
        Rank.CAPTAIN: pgettext("stratego", "captain"),
        Rank.LIEUTENANT: pgettext("stratego", "lieutenant"),
        Rank.SERGEANT: pgettext("stratego", "sergeant"),
        Rank.MINER: pgettext("stratego", "miner"),
        Rank.SCOUT: pgettext("stratego", "scout"),
        Rank.SPY: pgettext("stratego", "spy"),
        Rank.BOMB: pgettext("stratego", "bomb"),
        Rank.FLAG: pgettext("stratego", "flag"),
    }[rank]


def the_rank(rank: Rank) -> str:
    """The rank with its definite article: ``the scout``, ``l’éclaireur``."""
    return {
        Rank.MARSHAL: pgettext("stratego", "the marshal"),
        Rank.GENERAL: pgettext("stratego", "the general"),
        Rank.COLONEL: pgettext("stratego", "the colonel"),
        Rank.MAJOR: pgettext("stratego", "the major"),
        Rank.CAPTAIN: pgettext("stratego", "the captain"),
        Rank.LIEUTENANT: pgettext("stratego", "the lieutenant"),
        Rank.SERGEANT: pgettext("stratego", "the sergeant"),
        Rank.MINER: pgettext("stratego", "the miner"),
        Rank.SCOUT: pgettext("stratego", "the scout"),
        Rank.SPY: pgettext("stratego", "the spy"),
        Rank.BOMB: pgettext("stratego", "the bomb"),
        Rank.FLAG: pgettext("stratego", "the flag"),
    }[rank]


def a_rank(rank: Rank) -> str:
    """The rank with its indefinite article: ``a scout``, ``une bombe``."""
    return {
        Rank.MARSHAL: pgettext("stratego", "a marshal"),
        Rank.GENERAL: pgettext("stratego", "a general"),
        Rank.COLONEL: pgettext("stratego", "a colonel"),
        Rank.MAJOR: pgettext("stratego", "a major"),
        Rank.CAPTAIN: pgettext("stratego", "a captain"),
        Rank.LIEUTENANT: pgettext("stratego", "a lieutenant"),
        Rank.SERGEANT: pgettext("stratego", "a sergeant"),
        Rank.MINER: pgettext("stratego", "a miner"),
        Rank.SCOUT: pgettext("stratego", "a scout"),
        Rank.SPY: pgettext("stratego", "a spy"),
        Rank.BOMB: pgettext("stratego", "a bomb"),
        Rank.FLAG: pgettext("stratego", "a flag"),
    }[rank]


def player(army: Army) -> str:
    """The army as the player who leads it, in a sentence: ``red`` (``Rouge`` in French)."""
    if army is Army.RED:
        return pgettext("stratego player", "red")
    return pgettext("stratego player", "blue")


def the_piece(piece: Piece) -> str:
    """``the red scout``, or ``the blue piece`` when its rank is hidden."""
    if piece.army is Army.RED:
        return {
            None: pgettext("stratego", "the red piece"),
            Rank.MARSHAL: pgettext("stratego", "the red marshal"),
            Rank.GENERAL: pgettext("stratego", "the red general"),
            Rank.COLONEL: pgettext("stratego", "the red colonel"),
            Rank.MAJOR: pgettext("stratego", "the red major"),
            Rank.CAPTAIN: pgettext("stratego", "the red captain"),
            Rank.LIEUTENANT: pgettext("stratego", "the red lieutenant"),
            Rank.SERGEANT: pgettext("stratego", "the red sergeant"),
            Rank.MINER: pgettext("stratego", "the red miner"),
            Rank.SCOUT: pgettext("stratego", "the red scout"),
            Rank.SPY: pgettext("stratego", "the red spy"),
            Rank.BOMB: pgettext("stratego", "the red bomb"),
            Rank.FLAG: pgettext("stratego", "the red flag"),
        }[piece.rank]
    return {
        None: pgettext("stratego", "the blue piece"),
        Rank.MARSHAL: pgettext("stratego", "the blue marshal"),
        Rank.GENERAL: pgettext("stratego", "the blue general"),
        Rank.COLONEL: pgettext("stratego", "the blue colonel"),
        Rank.MAJOR: pgettext("stratego", "the blue major"),
        Rank.CAPTAIN: pgettext("stratego", "the blue captain"),
        Rank.LIEUTENANT: pgettext("stratego", "the blue lieutenant"),
        Rank.SERGEANT: pgettext("stratego", "the blue sergeant"),
        Rank.MINER: pgettext("stratego", "the blue miner"),
        Rank.SCOUT: pgettext("stratego", "the blue scout"),
        Rank.SPY: pgettext("stratego", "the blue spy"),
        Rank.BOMB: pgettext("stratego", "the blue bomb"),
        Rank.FLAG: pgettext("stratego", "the blue flag"),
    }[piece.rank]


def a_piece(piece: Piece) -> str:
    """``a red scout``, or ``a blue piece`` when its rank is hidden."""
    if piece.army is Army.RED:
        return {
            None: pgettext("stratego", "a red piece"),
            Rank.MARSHAL: pgettext("stratego", "a red marshal"),
            Rank.GENERAL: pgettext("stratego", "a red general"),
            Rank.COLONEL: pgettext("stratego", "a red colonel"),
            Rank.MAJOR: pgettext("stratego", "a red major"),
            Rank.CAPTAIN: pgettext("stratego", "a red captain"),
            Rank.LIEUTENANT: pgettext("stratego", "a red lieutenant"),
            Rank.SERGEANT: pgettext("stratego", "a red sergeant"),
            Rank.MINER: pgettext("stratego", "a red miner"),
            Rank.SCOUT: pgettext("stratego", "a red scout"),
            Rank.SPY: pgettext("stratego", "a red spy"),
            Rank.BOMB: pgettext("stratego", "a red bomb"),
            Rank.FLAG: pgettext("stratego", "a red flag"),
        }[piece.rank]
    return {
        None: pgettext("stratego", "a blue piece"),
        Rank.MARSHAL: pgettext("stratego", "a blue marshal"),
        Rank.GENERAL: pgettext("stratego", "a blue general"),
        Rank.COLONEL: pgettext("stratego", "a blue colonel"),
        Rank.MAJOR: pgettext("stratego", "a blue major"),
        Rank.CAPTAIN: pgettext("stratego", "a blue captain"),
        Rank.LIEUTENANT: pgettext("stratego", "a blue lieutenant"),
        Rank.SERGEANT: pgettext("stratego", "a blue sergeant"),
        Rank.MINER: pgettext("stratego", "a blue miner"),
        Rank.SCOUT: pgettext("stratego", "a blue scout"),
        Rank.SPY: pgettext("stratego", "a blue spy"),
        Rank.BOMB: pgettext("stratego", "a blue bomb"),
        Rank.FLAG: pgettext("stratego", "a blue flag"),
    }[piece.rank]


def the_piece_of(army: Army) -> str:
    """``the red piece``: a piece of ``army`` whose rank the sentence does not say."""
    return the_piece(Piece(army, None))


def a_piece_of(army: Army) -> str:
    """``a red piece``: a piece of ``army`` whose rank the sentence does not say."""
    return a_piece(Piece(army, None))


def rank_count(rank: Rank, count: int) -> str:
    """``count`` pieces of ``rank``: ``1 scout``, ``0 marshals``, ``2 maréchaux``."""
    return {
        Rank.MARSHAL: ngettext("{count} marshal", "{count} marshals", count),
        Rank.GENERAL: ngettext("{count} general", "{count} generals", count),
        Rank.COLONEL: ngettext("{count} colonel", "{count} colonels", count),
        Rank.MAJOR: ngettext("{count} major", "{count} majors", count),
        Rank.CAPTAIN: ngettext("{count} captain", "{count} captains", count),
        Rank.LIEUTENANT: ngettext("{count} lieutenant", "{count} lieutenants", count),
        Rank.SERGEANT: ngettext("{count} sergeant", "{count} sergeants", count),
        Rank.MINER: ngettext("{count} miner", "{count} miners", count),
        Rank.SCOUT: ngettext("{count} scout", "{count} scouts", count),
        Rank.SPY: ngettext("{count} spy", "{count} spies", count),
        Rank.BOMB: ngettext("{count} bomb", "{count} bombs", count),
        Rank.FLAG: ngettext("{count} flag", "{count} flags", count),
    }[rank].format(count=count)
