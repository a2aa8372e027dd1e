cd ~/src/dispatch-api
git pull --rebase
npm ci
npm test
git log --oneline -n 15
cd ~/src/shipment-tracker
git pull --rebase
npm ci
npm test
git checkout -b feat/edi-xml-feeds
npm install {{package_1}}
code .
npm test
git add package.json package-lock.json src/edi test/edi.test.js
git commit -S -m "feat(edi): parse Maersk and DHL XML status feeds"
git push -u origin feat/edi-xml-feeds
git checkout main
git pull --rebase
git branch -d feat/edi-xml-feeds
cd ~/src/dispatch-api
npm run dev
cd ~/src/shipment-tracker
git pull --rebase
git log --oneline -n 5
