from decimal import Decimal

from app.surcharge import fuel_surcharge, surcharge_pct


def test_band_lookup():
    assert surcharge_pct(Decimal("128.4")) == Decimal("14.50")
    assert surcharge_pct(Decimal("141.2")) == Decimal("18.75")


def test_fuel_surcharge_rounding():
    assert fuel_surcharge(Decimal("220.68"), Decimal("141.2")) == Decimal("41.3775")
