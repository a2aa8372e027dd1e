import psycopg


def test_quote_roundtrip(db_url):
    with psycopg.connect(db_url) as conn:
        conn.execute("INSERT INTO rate_quotes (quote_ref, customer_id, lane, fuel_index, surcharge_pct, quoted_at) VALUES ('TEST-7781', 10442, 'IPS-LDS', 1.412, 18.75, now())")
        assert conn.execute("SELECT count(*) FROM rate_quotes WHERE quote_ref = 'TEST-7781'").fetchone()[0] == 1
        conn.execute("DELETE FROM rate_quotes WHERE quote_ref LIKE 'TEST-%'")
