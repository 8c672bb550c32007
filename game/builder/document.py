"""The party being built: the party file's own data (``iron-honor/party@1``), edited by named operations.

The data is kept as the file holds it (plain dicts, lists and scalars), so a file with errors opens
with everything in it, unknown keys and ill-typed values included, and is written back the same.
Every edit makes a new copy of the data: undo is putting the old copy back. An edit that the data's
shape does not allow at that spot (``models`` is not a list, say) is refused with the reason, never
guessed at.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any

from game.content.catalog import catalog
from game.content.party_building import TYPE_RULES
from game.content.party_file import PARTY_FORMAT
from game.core.ids import name_key

ATTRIBUTES = ("MA", "RA", "PD", "WP")
TYPES = ("hero", "companion", "follower")
SIZES = ("small", "medium", "large")
MODEL_KEYS = ("name", "type", "attributes", "weapons", "traits", "base_mm", "pet_of", "blessed_weapon", "notes")
OPTIONAL_KEYS = ("base_mm", "pet_of", "blessed_weapon", "notes")
# the absolute building range of an attribute ([PARTY-3]: never below 2 or above 6), for a model of no valid type
ANY_TYPE_RANGE = (min(r.base_attribute for r in TYPE_RULES.values()), max(r.max_attribute for r in TYPE_RULES.values()))


class Refused(ValueError):
    """An edit the party's data cannot take at that spot; the message says why."""


def new_party(name: str = "New party", size: str = "medium") -> dict[str, Any]:
    return {"format": PARTY_FORMAT, "name": name, "size": size, "models": []}


def attribute_range(model_type: Any) -> tuple[int, int]:
    """[PARTY-3]: the lowest and highest rating a model of this type may be built with."""
    rules = TYPE_RULES.get(model_type) if isinstance(model_type, str) else None
    if rules is None:
        return ANY_TYPE_RANGE
    return rules.base_attribute, rules.max_attribute


def new_model(model_type: str, name: str) -> dict[str, Any]:
    """A model of a type at its starting ratings ([PARTY-3]): the points are the player's to spend."""
    base = attribute_range(model_type)[0]
    return {"name": name, "type": model_type, "attributes": dict.fromkeys(ATTRIBUTES, base), "weapons": [],
            "traits": []}


@dataclass
class PartyDocument:
    """The data of one party file and its undo history; ``version`` changes with every edit."""

    data: Any = field(default_factory=new_party)
    header: str = ""  # the file's leading comment, kept across saves
    undo_stack: list[Any] = field(default_factory=list)
    redo_stack: list[Any] = field(default_factory=list)
    version: int = 0
    saved_version: int = 0
    _last_key: Any = None  # the field the last edit typed into: typing on in it is one undo step

    # -- history ----------------------------------------------------------------------------------
    @property
    def dirty(self) -> bool:
        return self.version != self.saved_version

    def mark_saved(self) -> None:
        self.saved_version = self.version

    def _commit(self, data: Any, typing: Any = None) -> None:
        """``typing``: the field a text entry is changing; letters typed on into it merge into one step."""
        if typing is None or typing != self._last_key or not self.undo_stack:
            self.undo_stack.append(self.data)
        self._last_key = typing
        self.redo_stack.clear()
        self.data = data
        self.version += 1

    def undo(self) -> bool:
        self._last_key = None
        if not self.undo_stack:
            return False
        self.redo_stack.append(self.data)
        self.data = self.undo_stack.pop()
        self.version += 1
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            return False
        self.undo_stack.append(self.data)
        self.data = self.redo_stack.pop()
        self.version += 1
        return True

    # -- reading ----------------------------------------------------------------------------------
    def party(self) -> dict[str, Any]:
        if not isinstance(self.data, dict):
            raise Refused("the file is not a mapping of keys (format, name, size, models)")
        return self.data

    def models(self) -> list[Any]:
        """The models as the file lists them (an empty list when ``models`` is missing or not a list)."""
        models = self.data.get("models") if isinstance(self.data, dict) else None
        return models if isinstance(models, list) else []

    def model(self, i: int) -> dict[str, Any]:
        models = self.models()
        if not 0 <= i < len(models):
            raise Refused(f"there is no model {i + 1}")
        if not isinstance(models[i], dict):
            raise Refused(f"models[{i}] is not a mapping of keys; it cannot be edited here")
        return models[i]

    def names(self) -> list[str]:
        return [m["name"] for m in self.models() if isinstance(m, dict) and isinstance(m.get("name"), str)]

    def free_name(self, stem: str) -> str:
        """``stem``, or ``stem 2``, ``stem 3`` … whichever no model of the party has (names compare as the
        format says: trimmed, case-folded)."""
        taken = {name_key(n) for n in self.names()}
        if name_key(stem) not in taken:
            return stem
        numbered = re.fullmatch(r"(.*\S)\s+(\d+)", stem)
        if numbered:  # a copy of "Wolfcub 2" is "Wolfcub 3", never "Wolfcub 2 2"
            stem = numbered.group(1)
        n = 2
        while name_key(f"{stem} {n}") in taken:
            n += 1
        return f"{stem} {n}"

    # -- editing ------------------------------------------------------------------------------------
    def _edit(self) -> dict[str, Any]:
        """A deep copy of the party to change; committed by ``_commit``."""
        return copy.deepcopy(self.party())

    def _models_of(self, party: dict[str, Any], create: bool = False) -> list[Any]:
        models = party.get("models")
        if models is None and create:
            party["models"] = models = []
        if not isinstance(models, list):
            raise Refused("the file's 'models' is not a list; fix it in a text editor first")
        return models

    def _model_of(self, party: dict[str, Any], i: int) -> dict[str, Any]:
        models = self._models_of(party)
        if not 0 <= i < len(models):
            raise Refused(f"there is no model {i + 1}")
        if not isinstance(models[i], dict):
            raise Refused(f"models[{i}] is not a mapping of keys; it cannot be edited here")
        return models[i]

    def set_party(self, key: str, value: Any, typing: bool = False) -> None:
        """The party's name or game size (``typing``: letter by letter from a text entry)."""
        if key not in ("name", "size"):
            raise Refused(f"'{key}' is not a party setting")
        party = self._edit()
        party[key] = value
        self._commit(party, ("party", key) if typing else None)

    def add_model(self, model_type: str, name: str | None = None) -> int:
        party = self._edit()
        models = self._models_of(party, create=True)
        models.append(new_model(model_type, name or self.free_name(model_type.capitalize())))
        self._commit(party)
        return len(models) - 1

    def duplicate_model(self, i: int) -> int:
        party = self._edit()
        models = self._models_of(party)
        twin = copy.deepcopy(self._model_of(party, i))
        if isinstance(twin.get("name"), str):
            twin["name"] = self.free_name(twin["name"].strip())
        models.insert(i + 1, twin)
        self._commit(party)
        return i + 1

    def remove_model(self, i: int) -> None:
        party = self._edit()
        models = self._models_of(party)
        if not 0 <= i < len(models):
            raise Refused(f"there is no model {i + 1}")
        models.pop(i)
        self._commit(party)

    def move_model(self, i: int, to: int) -> int:
        """Move model ``i`` to place ``to`` (clamped); returns where it is now."""
        party = self._edit()
        models = self._models_of(party)
        if not 0 <= i < len(models):
            raise Refused(f"there is no model {i + 1}")
        to = max(0, min(len(models) - 1, to))
        if to != i:
            models.insert(to, models.pop(i))
            self._commit(party)
        return to

    def set_model(self, i: int, key: str, value: Any, typing: bool = False) -> None:
        """A model's name, notes, ``pet_of``, ``blessed_weapon`` or ``base_mm``; ``None`` or blank text
        removes an optional key. Renaming a model renames it where a Pet names it as master."""
        if key not in ("name", *OPTIONAL_KEYS):
            raise Refused(f"'{key}' is not set this way")
        party = self._edit()
        m = self._model_of(party, i)
        if key in OPTIONAL_KEYS and (value is None or (isinstance(value, str) and not value.strip())):
            m.pop(key, None)
        else:
            old = m.get(key)
            m[key] = value
            if key == "name" and isinstance(old, str) and isinstance(value, str):
                for other in self._models_of(party):
                    if isinstance(other, dict) and isinstance(other.get("pet_of"), str) \
                            and name_key(other["pet_of"]) == name_key(old):
                        other["pet_of"] = value
        self._commit(party, (i, key) if typing else None)

    def set_type(self, i: int, model_type: str) -> None:
        """A new type. The ratings are kept as they are: one outside the new type's range is a problem the
        verdict names ([PARTY-3]), and changing the type back finds them unchanged (hero → follower → hero
        keeps MA 6)."""
        party = self._edit()
        self._model_of(party, i)["type"] = model_type
        self._commit(party)

    def step_attribute(self, i: int, key: str, delta: int) -> bool:
        """One stepper click: the rating moves by ``delta`` inside the type's range; False if it cannot."""
        if key not in ATTRIBUTES:
            raise Refused(f"'{key}' is not an attribute")
        m = self.model(i)
        lo, hi = attribute_range(m.get("type"))
        attrs = m.get("attributes")
        current = attrs.get(key) if isinstance(attrs, dict) else None
        if not isinstance(current, int) or isinstance(current, bool):
            new = lo
        else:  # a rating outside the range (kept from another type) steps towards it, one at a time
            new = current + delta
            if (delta < 0 and new < lo) or (delta > 0 and new > hi) or new == current:
                return False
        party = self._edit()
        pm = self._model_of(party, i)
        if not isinstance(pm.get("attributes"), dict):
            pm["attributes"] = dict.fromkeys(ATTRIBUTES, lo)
        pm["attributes"][key] = new
        self._commit(party)
        return True

    def set_attributes(self, i: int, values: dict[str, int]) -> None:
        party = self._edit()
        self._model_of(party, i)["attributes"] = dict(values)
        self._commit(party)

    def _list_of(self, m: dict[str, Any], key: str) -> list[Any]:
        value = m.get(key)
        if value is None:
            m[key] = value = []
        if not isinstance(value, list):
            raise Refused(f"this model's '{key}' is not a list; fix it in a text editor first")
        return value

    def add_weapon(self, i: int, name: str, skill: str) -> int:
        party = self._edit()
        weapons = self._list_of(self._model_of(party, i), "weapons")
        weapons.append({"name": name, "skill": skill})
        self._commit(party)
        return len(weapons) - 1

    def set_weapon(self, i: int, j: int, name: str | None = None, skill: str | None = None) -> None:
        """A weapon entry's name or skill; a renamed blessed weapon stays blessed."""
        party = self._edit()
        m = self._model_of(party, i)
        weapons = self._list_of(m, "weapons")
        if not 0 <= j < len(weapons) or not isinstance(weapons[j], dict):
            raise Refused(f"there is no weapon entry {j + 1} to change")
        w = weapons[j]
        if name is not None:
            old = w.get("name")
            w["name"] = name
            if isinstance(old, str) and isinstance(m.get("blessed_weapon"), str) \
                    and name_key(m["blessed_weapon"]) == name_key(old):
                m["blessed_weapon"] = name
        if skill is not None:
            w["skill"] = skill
        self._commit(party)

    def remove_weapon(self, i: int, j: int) -> None:
        party = self._edit()
        weapons = self._list_of(self._model_of(party, i), "weapons")
        if not 0 <= j < len(weapons):
            raise Refused(f"there is no weapon entry {j + 1}")
        weapons.pop(j)
        self._commit(party)

    def add_trait(self, i: int, trait_id: str) -> None:
        """Take a trait. Pet and Blessed Weapon also name what they need ([T-BUILD-1]) when there is one
        obvious choice: the hero as master, the first weapon that is not a shield."""
        party = self._edit()
        m = self._model_of(party, i)
        traits = self._list_of(m, "traits")
        traits.append(trait_id)
        requires = catalog().traits[trait_id].requires.key if trait_id in catalog().traits else None
        if requires == "pet_of" and "pet_of" not in m:
            hero = next((o.get("name") for o in self._models_of(party) if isinstance(o, dict)
                         and o.get("type") == "hero" and isinstance(o.get("name"), str)), None)
            if hero is not None:
                m["pet_of"] = hero
        elif requires == "blessed_weapon" and "blessed_weapon" not in m:
            listed = m.get("weapons")
            weapons = listed if isinstance(listed, list) else []
            first = next((w.get("name") for w in weapons if isinstance(w, dict) and w.get("skill") != "shield"
                          and isinstance(w.get("name"), str)), None)
            if first is not None:
                m["blessed_weapon"] = first
        self._commit(party)

    def remove_trait(self, i: int, j: int) -> None:
        """Drop the trait at place ``j``; the key only it needed (pet_of, blessed_weapon) goes with it."""
        party = self._edit()
        m = self._model_of(party, i)
        traits = self._list_of(m, "traits")
        if not 0 <= j < len(traits):
            raise Refused(f"there is no trait {j + 1}")
        gone = traits.pop(j)
        if gone not in traits and isinstance(gone, str) and gone in catalog().traits:
            key = catalog().traits[gone].requires.key
            if key is not None:
                m.pop(key, None)
        self._commit(party)
