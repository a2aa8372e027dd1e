ssh ci-01
ssh artifacts-01
curl -s -u jblake http://10.0.30.13:8081/service/rest/v1/search?repository=npm-internal | jq -r '.items[] | .name + "@" + .version'
