cd ~/src/dispatch-api
git status
git pull --rebase
npm ci
npm test
git checkout -b feat/driver-optional
code .
npm run dev
curl -s localhost:3000/healthz
curl -s -X POST localhost:3000/v1/assignments -H 'content-type: application/json' -d '{"loadId":"LD-20260114","carrierId":"CR-0042"}'
npm test
git add -p
git commit -S -m "feat: driverId optional on assignment"
git push -u origin feat/driver-optional
docker compose -f docker-compose.dev.yml up -d postgres
docker ps
git checkout main
git pull --rebase
git branch -d feat/driver-optional
npm outdated
ssh-add -l
git log --oneline -n 15
npm run lint
cat ~/.npmrc
npm whoami --registry http://10.0.30.13:8081/repository/npm-internal/
npm view @kestrel/logger versions
docker compose -f docker-compose.dev.yml down
htop
sudo apt update && sudo apt upgrade -y
