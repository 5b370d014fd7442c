"""A unit's dimension and its size in the dimension's base: the everyday units from the lexicon's table, and
compound units ('mg/dL', 'µmol/L', 'ml/min/1.73 m²', 'kWh') through pint, which knows their dimensions and
their exact conversions: '4.5 mg/dL' is '45 mg/L', never '4.5 mg/L'; 'µmol/L' is no 'mg/dL' at all."""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache
from typing import Any

from groundgate.judges.figures.lexicon import UNITS

# Our written forms, to pint's names ('1.73 m²', the body surface a kidney rate is given per, is a factor).
_PINT = {
    "µg": "microgram", "mcg": "microgram", "ug": "microgram", "ng": "nanogram", "pg": "picogram", "mg": "milligram",
    "g": "gram", "kg": "kilogram", "µmol": "micromole", "umol": "micromole", "mmol": "millimole", "nmol": "nanomole",
    "mol": "mole", "dl": "deciliter", "l": "liter", "ml": "milliliter", "cl": "centiliter", "µl": "microliter",
    "min": "minute", "h": "hour", "hr": "hour", "s": "second", "d": "day", "day": "day", "kwh": "kilowatt_hour",
    "wh": "watt_hour", "mwh": "megawatt_hour", "kcal": "kilocalorie", "cal": "calorie", "mmhg": "millimeter_Hg",
    "m²": "meter**2", "m2": "meter**2", "m³": "meter**3", "m3": "meter**3", "m": "meter", "cm": "centimeter",
    "mm": "millimeter", "km": "kilometer", "1.73 m²": "(1.73*meter**2)", "1.73m²": "(1.73*meter**2)",
    "1.73 m2": "(1.73*meter**2)", "w": "watt", "kw": "kilowatt", "mbps": "megabit/second", "gbps": "gigabit/second", "mbit": "megabit", "gbit": "gigabit", "kbit": "kilobit",
    "lb": "pound", "oz": "ounce", "gal": "gallon", "in": "inch", "ft": "foot", "mi": "mile",
    "pa": "pascal", "hpa": "hectopascal", "kpa": "kilopascal", "mpa": "megapascal", "bar": "bar", "mbar": "millibar",
}  # fmt: skip
_OPAQUE = frozenset({"iu", "miu", "u", "meq", "mosm", "bpm"})  # counted units pint does not convert: only themselves
_IMPERIAL = frozenset({"lb", "oz", "gal", "in", "ft", "mi"})
_PARTS = re.compile(r"\s*/\s*")
_COUNTED = re.compile(r"(\d+(?:\.\d+)?)\s?([a-zµ²³]+)")


def dimension(unit: str) -> tuple[str, Decimal]:
    """(the dimension, the size in its base) of a unit as the extraction names it: the table's units, else a
    compound through pint; a unit pint cannot read is a dimension of its own, of size one."""
    if unit in UNITS:
        return UNITS[unit]
    return _compound(unit)


@cache
def _registry() -> Any:
    import pint

    return pint.UnitRegistry()


@cache
def _compound(unit: str) -> tuple[str, Decimal]:
    parts = [part.strip().lower().replace(",", ".").replace("m2", "m²") for part in _PARTS.split(unit)]
    counted = [_COUNTED.fullmatch(part) for part in parts]  # 'l/100 km', 'mg/5 ml': a denominator of a count
    names = [c.group(2) if c is not None and index else part for index, (part, c) in enumerate(zip(parts, counted, strict=True))]  # fmt: skip
    if any(name in _OPAQUE or name not in _PINT for name in names):
        return f"unit:{unit.lower()}", Decimal(1)
    expression = "/".join(
        _PINT[name] if index == 0 else f"({c.group(1)}*{_PINT[name]})" if c is not None else f"({_PINT[name]})"
        for index, (name, c) in enumerate(zip(names, counted, strict=True))
    )
    try:
        quantity = _registry().parse_expression(f"1*{expression}").to_base_units()
    except Exception:
        return f"unit:{unit.lower()}", Decimal(1)
    system = "-imperial" if any(part in _IMPERIAL for part in parts) else ""
    magnitude = Decimal(f"{quantity.magnitude:.10g}")
    table = _TABLE.get(str(quantity.dimensionality)) if not system else None
    if table is not None:  # '500 µg' is '0.5 mg' of the table's mass: one dimension, whoever reads the unit
        name, per_base = table
        return name, (magnitude * per_base).normalize()
    return f"pint:{quantity.dimensionality}{system}", magnitude


# pint's base dimensions that are the table's (its base units to the table's: a kilogram is 1,000 g, a metre
# 1,000 mm, a cubic metre 1,000,000 ml, a second a second).
_TABLE = {
    "[mass]": ("mass", Decimal(1000)),
    "[length]": ("length", Decimal(1000)),
    "[length] ** 3": ("volume", Decimal(1_000_000)),
    "[time]": ("time", Decimal(1)),
}
