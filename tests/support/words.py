"""Numbers as people write them out: what the figures check must read as the digits they are."""

from __future__ import annotations

ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]  # fmt: skip
TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def spelled(n: int) -> str:
    """English words for 0..999,999, as people write them ('one hundred and twenty-one')."""
    if n < 20:
        return ONES[n]
    if n < 100:
        return TENS[n // 10 - 2] + (f"-{ONES[n % 10]}" if n % 10 else "")
    if n < 1000:
        rest = n % 100
        return f"{ONES[n // 100]} hundred" + (f" and {spelled(rest)}" if rest else "")
    rest = n % 1000
    return f"{spelled(n // 1000)} thousand" + (f" {spelled(rest)}" if rest else "")
