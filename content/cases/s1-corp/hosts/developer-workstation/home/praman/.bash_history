cd ~/src/freight-rates-api
git pull
python3 -m venv .venv && . .venv/bin/activate
pip install -r requirements.txt
pytest -q
git add app/surcharge.py tests/test_rates.py
git commit -m "Round fuel surcharge to 2 dp"
git push origin main
curl -s http://ci-01.kestrel.internal:8080/job/freight-rates-api/lastBuild/api/json | jq .result
pytest -q tests/test_rates.py::test_fuel_surcharge_rounding
git commit -am "Fix rounding test expectation"
git push origin main
psql "host=testdb-01.kestrel.internal dbname=freightops_copy user=app_test" -c "select count(*) from rate_quotes;"
ssh jump-01
