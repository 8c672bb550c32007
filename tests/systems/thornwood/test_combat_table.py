"""The combat table in the data equals the seed's card page cell for cell (issue 42, FF-R-10).

The seed's text is quoted here verbatim (the transcription of Flint and Feather, seed 003: the main table of ¶29
and the card sheets of ¶44–45) and parsed by this test's own small reader, so the check does not lean on the code
it checks; nothing reads ../shared at test time.
"""

from __future__ import annotations

import re

import pytest

from game.core.errors import ContentError
from game.systems.thornwood import combat_table
from game.systems.thornwood.combat_table import ATTACK_CARDS, DEFENCE_CARDS, Restriction, cell, parse_table

# ¶29 "Close Combat Table", from its column headers to the end of its cells
MAIN_TABLE = (
    "Swing All attack dice Cut at least one attack die Lunge All attack dice Bash All attack dice Counter Blow All "
    "attack dice Leap at least one defence die Jump Back All defence dice Duck at least one defence die Parry at "
    "least one defence die Huh! One defence die 1/3 3/1 1/2 1/1 2/1 4/1 3/1 2/1 1/3 2/1 1/1 4/1 2/1 1/2 3/1 1/3 "
    "1/2 4/1 1/1 1/3 1/2 3/1 2/1 4/1 Taunt One attack die Huh! One defence die N 1/3 Nd 2 N 1/2 Nd 3 Nd 3 1/2 Nd "
    "1/2 Nd Na 1/4 Na 1/3 No combat Na 1/2 Na 1/3 No combat"
)
# ¶44 and ¶45, the card sheets, whole
CARDS_44 = (
    "AA 1A 1D AA Counter Blow 1/1 Leap Aside 1/3 Jump Back 1/2 Duck 3/1 Parry 2/1 Huh! 4/1 +1d6 when using a Club "
    "Counter Blow 3/1 Leap Aside 2/1 Jump Back 1/3 Duck 2/1 Parry 1/1 Huh! 4/1 +1d6 when using a Knife Counter "
    "Blow Na1/4 Leap Aside Na 1/3 Jump Back No Combat Duck Na 1/2 Parry Na 1/3 Huh! No Combat Tongue Tied Skill "
    "causes Taunt to act as Huh? Counter Blow 2/1 Leap Aside 1/2 Jump Back 3/1 Duck 1/3 Parry 1/2 Huh! 4/1 +1d6 "
    "when using a Spear AA 1A AA 1D Counter Blow 1/3 Leap Aside 3/1 Jump Back 1/2 Duck 1/1 Parry 2/1 Huh! 4/1 "
    "+1d6 when using an Axe Counter Blow N 1/3 Leap Aside Nd2 N1/2 Jump Back Nd3 Duck Nd3 1/2 Parry Nd 1/2 Huh! "
    "Nd Clever Tongue Skill doubles RP Losses Swing 1/3 Cut 3/1 Lunge 2/1 Bash 1/1 Taunt N 1/3 Huh! Na 1/4 Swing "
    "1/1 Cut 2/1 Lunge 1/3 Bash 3/1 Taunt Nd3 1/2 Huh! Na 1/2"
)
CARDS_45 = (
    "1D AD 1D 1D Swing 4/1 Cut 4/1 Lunge 4/1 Bash 4/1 Taunt Nd Huh! No Combat Swing 1/2 Cut 1/3 Lunge 3/1 Bash "
    "1/2 Taunt Nd3 Huh! No Combat Swing 3/1 Cut 2/1 Lunge 1/2 Bash 1/3 Taunt Nd2 N1/2 Huh! Na 1/3 Swing 2/1 Cut "
    "1/1 Lunge 1/2 Bash 2/1 Taunt Nd 1/2 Huh! Na 1/3-1d6 when wearing Armor -1d6 when wearing Armor +1d6 when "
    "using a shield"
)

_CELL_TOKEN = re.compile(r"No combat|Nd ?\d(?!/)|Nd|Na ?\d(?!/)|Na|N|\d/\d", re.IGNORECASE)


def _canon(tokens: list[str]) -> str:
    """A cell's tokens written one way: 'Nd2 N 1/2', 'Na 1/4', 'No combat'."""
    return " ".join(t.replace(" ", "") if not t.lower().startswith("no") else "No combat" for t in tokens)


def _cells(text: str) -> list[str]:
    """Split a run of printed cells: a cell ends with its dice; a new Nd, Na or 'No combat' starts a new one."""
    cells: list[list[str]] = []
    current: list[str] = []
    for tok in _CELL_TOKEN.findall(text):
        starts = tok.lower().startswith(("nd", "na", "no"))
        if current and starts:
            cells.append(current)
            current = []
        current.append(tok)
        if "/" in tok or tok.lower().startswith("no"):
            cells.append(current)
            current = []
    if current:
        cells.append(current)
    return [_canon(c) for c in cells]


def _main_table() -> dict[tuple[str, str], str]:
    numbers, _, notes = MAIN_TABLE.partition("Taunt One attack die Huh! One defence die")
    numeric = re.findall(r"\d/\d", numbers)
    assert len(numeric) == 24
    rows = _cells(notes)
    assert len(rows) == 12, rows
    printed = numeric + rows
    return {(a, d): printed[i * 6 + j] for i, a in enumerate(ATTACK_CARDS) for j, d in enumerate(DEFENCE_CARDS)}


_ATTACK_CARD = re.compile(r"Counter Blow (.+?) Leap Aside (.+?) Jump Back (.+?) Duck (.+?) Parry (.+?) Huh! (.+?) "
                          r"(\+1d6 when using an? \w+|Tongue Tied Skill causes Taunt to act as Huh\?|"
                          r"Clever Tongue Skill doubles RP Losses)")
_DEFENCE_CARD = re.compile(r"Swing (.+?) Cut (.+?) Lunge (.+?) Bash (.+?) Taunt (.+?) Huh! (No Combat|Na ?\d/\d)")
# what ends each attack card on the sheet names the card (FF-R-10: "each card's best weapon fits")
ATTACK_CARD_BY_TRAILER = {"Club": "bash", "Knife": "cut", "Spear": "lunge", "Axe": "swing",
                          "Tongue Tied": "huh", "Clever Tongue": "taunt"}
# the defence cards in their order on the sheets, named by the codes printed over them ("AA 1A AA 1D" on ¶44: its
# third and fourth cards, all-attack Counter Blow and one-defence Duck; "1D AD 1D 1D" on ¶45: Huh!, the
# all-defence Jump Back, Leap Aside, Parry — the last three followed by their armour and shield notes in order)
DEFENCE_CARD_ORDER = ("counter_blow", "duck", "huh", "jump_back", "leap_aside", "parry")


def _attack_cards() -> dict[str, list[str]]:
    found = {}
    for m in _ATTACK_CARD.finditer(CARDS_44):
        trailer = m.group(7)
        name = next(card for key, card in ATTACK_CARD_BY_TRAILER.items() if key in trailer)
        found[name] = [_cells(v)[0] for v in m.groups()[:6]]
    return found


def _defence_cards() -> dict[str, list[str]]:
    matches = list(_DEFENCE_CARD.finditer(CARDS_44)) + list(_DEFENCE_CARD.finditer(CARDS_45))
    assert len(matches) == 6
    return {name: [_cells(v)[0] for v in m.groups()] for name, m in zip(DEFENCE_CARD_ORDER, matches, strict=True)}


@pytest.mark.rule("TW-CC-6")
@pytest.mark.parametrize(("attack", "defence"), [(a, d) for a in ATTACK_CARDS for d in DEFENCE_CARDS])
def test_every_cell_equals_the_main_table_and_both_cards(attack: str, defence: str) -> None:
    printed = _main_table()[(attack, defence)]
    assert cell(attack, defence).printed() == printed
    attack_card = _attack_cards()[attack][DEFENCE_CARDS.index(defence)]
    defence_card = _defence_cards()[defence][ATTACK_CARDS.index(attack)]
    assert attack_card == printed, f"the {attack} card"
    assert defence_card == printed, f"the {defence} card"


@pytest.mark.rule("TW-CC-6")
def test_the_card_sheets_hold_six_attack_and_six_defence_cards() -> None:
    assert sorted(_attack_cards()) == sorted(ATTACK_CARDS)
    assert sorted(_defence_cards()) == sorted(DEFENCE_CARDS)


@pytest.mark.rule("TW-CC-6")
def test_each_defence_card_matches_exactly_one_column_of_the_main_table() -> None:
    """The order named above is not an assumption: each card's six cells fit one column alone."""
    main = _main_table()
    for name, cells in _defence_cards().items():
        fits = [d for d in DEFENCE_CARDS if [main[(a, d)] for a in ATTACK_CARDS] == cells]
        assert fits == [name]


@pytest.mark.rule("TW-CC-6", "TW-CC-12")
def test_the_cell_notes_are_read_as_the_key_says() -> None:
    c = cell("taunt", "leap_aside")
    assert (c.defender_shamed, c.no_strike, c.attacker_dice, c.defender_dice) == (2, True, 1, 2)
    c = cell("taunt", "jump_back")
    assert (c.defender_shamed, c.exchange, c.no_combat) == (3, False, False)
    c = cell("taunt", "duck")
    assert (c.defender_shamed, c.no_strike, c.attacker_dice, c.defender_dice) == (3, False, 1, 2)
    assert cell("taunt", "huh").defender_shamed == 1 and not cell("taunt", "huh").exchange
    c = cell("huh", "counter_blow")
    assert (c.attacker_shamed, c.attacker_dice, c.defender_dice) == (1, 1, 4)
    assert cell("huh", "jump_back").no_combat and cell("huh", "huh").no_combat


# ¶29's column and row headers: each card's dice restriction as printed, and as ruled where the text conflicts
PRINTED_RESTRICTIONS = {
    ("attack", "swing"): "All attack dice", ("attack", "cut"): "at least one attack die",
    ("attack", "lunge"): "All attack dice", ("attack", "bash"): "All attack dice",
    ("attack", "taunt"): "One attack die", ("attack", "huh"): "One defence die",
    ("defence", "counter_blow"): "All attack dice", ("defence", "leap_aside"): "at least one defence die",
    ("defence", "jump_back"): "All defence dice", ("defence", "duck"): "at least one defence die",
    ("defence", "parry"): "at least one defence die", ("defence", "huh"): "One defence die",
}
MEANING = {"All attack dice": Restriction.all_attack, "at least one attack die": Restriction.at_least_one_attack,
           "at least one defence die": Restriction.at_least_one_defence,
           "All defence dice": Restriction.all_defence, "One defence die": Restriction.one_die,
           # FF-R-14.1: "Taunt must be all attack dice" (¶31) against the header's "One attack die"
           "One attack die": Restriction.all_attack}


@pytest.mark.rule("TW-CC-8")
@pytest.mark.parametrize(("role", "name"), list(PRINTED_RESTRICTIONS))
def test_each_cards_restriction_is_its_printed_header(role: str, name: str) -> None:
    printed = PRINTED_RESTRICTIONS[(role, name)]
    header = {"leap_aside": "Leap", "huh": "Huh!"}.get(name, combat_table.card(name, role).title)
    assert f"{header} {printed}" in MAIN_TABLE
    assert combat_table.card(name, role).dice == MEANING[printed]  # type: ignore[arg-type]


@pytest.mark.rule("TW-CC-7")
def test_each_attack_cards_best_weapon_is_on_its_card() -> None:
    """FF-R-8: the cards govern; Bash's best weapon is the club (¶27's 'spear' is a copy of Lunge's line)."""
    for weapon, name in (("Club", "bash"), ("Knife", "cut"), ("Spear", "lunge"), ("Axe", "swing")):
        assert f"when using an {weapon}" in CARDS_44 or f"when using a {weapon}" in CARDS_44
        assert combat_table.best_weapons(name)[0] == weapon.lower()
    assert combat_table.best_weapons("taunt") == () and combat_table.best_weapons("huh") == ()


GOOD = combat_table.COMBAT_FILE.read_text(encoding="utf-8")


@pytest.mark.rule("TW-CC-6")
def test_a_broken_table_is_refused_with_every_problem_located() -> None:
    bad = GOOD.replace("duck: 1/1,", "duck: 1/x,").replace("huh: {title: Huh!, dice: one_die}\ndefence",
                                                           "huh: {title: Huh!, dice: some}\ndefence")
    bad = bad.replace("bash: {title: Bash, dice: all_attack, best_weapon: [club, huge_club]}",
                      "bash: {title: Bash, dice: all_attack, best_weapon: [club, mace]}")
    with pytest.raises(ContentError) as err:
        parse_table(bad, "combat.yaml")
    text = str(err.value)
    assert "attack_cards.huh.dice" in text
    with pytest.raises(ContentError) as err:
        parse_table(GOOD.replace("duck: 1/1,", "duck: 1/x,").replace("[club, huge_club]", "[club, mace]"),
                    "combat.yaml")
    text = str(err.value)
    assert "table.swing.duck" in text and "'1/x' is not a cell" in text
    assert "attack_cards.bash.best_weapon[1]" in text and "unknown weapon 'mace'" in text
    assert all(p.line for p in err.value.problems)
    with pytest.raises(ContentError, match="missing cell 'parry'"):
        parse_table(GOOD.replace(" parry: 1/1,", ""), "combat.yaml")
    with pytest.raises(ContentError, match="expected 'thornwood/combat@1'"):
        parse_table(GOOD.replace("thornwood/combat@1", "thornwood/combat@9"), "combat.yaml")


@pytest.mark.rule("TW-CC-6")
def test_the_shipped_file_parses_the_same_from_text() -> None:
    assert parse_table(GOOD, "combat.yaml").cells == combat_table.table().cells
