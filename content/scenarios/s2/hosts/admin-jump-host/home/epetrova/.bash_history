ssh artifacts-01
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/status/check | jq .
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/repositories | jq -r '.[].name'
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/blobstores | jq .
ssh ci-01
ssh git-01
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/tasks | jq -r '.items[] | [.name, .lastRunResult] | @tsv'
ssh artifacts-01
