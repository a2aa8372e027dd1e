"""Fuel surcharge for rate quotes, indexed to the weekly diesel price."""
from decimal import Decimal

# Surcharge bands (pence per litre -> percentage of linehaul), reviewed monthly by pricing.
BANDS_2026_03 = [
    (Decimal("130.0"), Decimal("14.50")),
    (Decimal("140.0"), Decimal("16.25")),
    (Decimal("150.0"), Decimal("18.75")),
    (Decimal("999.9"), Decimal("21.00")),
]


def surcharge_pct(diesel_ppl: Decimal) -> Decimal:
    for ceiling, pct in BANDS_2026_03:
        if diesel_ppl <= ceiling:
            return pct
    raise ValueError("diesel price out of range")


def fuel_surcharge(linehaul: Decimal, diesel_ppl: Decimal) -> Decimal:
    amount = linehaul * surcharge_pct(diesel_ppl) / 100
    return amount.quantize(Decimal("0.01"))
