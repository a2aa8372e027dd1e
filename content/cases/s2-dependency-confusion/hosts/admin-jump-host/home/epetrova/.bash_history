ssh artifacts-01
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/status/check | jq .
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/repositories | jq -r '.[].name'
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/blobstores | jq .
ssh ci-01
ssh git-01
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/tasks | jq -r '.items[] | [.name, .lastRunResult] | @tsv'
ssh artifacts-01
cd ~/nexus-config
vim README.md
curl -s -u epetrova -X POST -H 'Content-Type: application/json' -d @blobstores/npm.json http://10.0.30.13:8081/service/rest/v1/blobstores/file
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/repositories/npm/group/npm-all | jq . > repositories/npm-all.before.json
vim repositories/npm-all.json
curl -s -u epetrova -X DELETE http://10.0.30.13:8081/service/rest/v1/repositories/npm-all
curl -s -u epetrova -X POST -H 'Content-Type: application/json' -d @repositories/npm-all.json http://10.0.30.13:8081/service/rest/v1/repositories/npm/group
curl -s -u epetrova http://10.0.30.13:8081/service/rest/v1/repositories/npm/group/npm-all | jq .group
ssh ci-01 'sudo -u jenkins npm ping --registry http://10.0.30.13:8081/repository/npm-all/'
curl -s -u epetrova -X PUT -H 'Content-Type: application/json' -d @cleanup/proxy-unused-180d.json http://10.0.30.13:8081/service/rest/v1/cleanup-policies/proxy-unused-180d
cd
