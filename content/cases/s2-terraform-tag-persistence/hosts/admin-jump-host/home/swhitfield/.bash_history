ssh ci-01
ssh artifacts-01
sudo apt update
sudo apt list --upgradable
ssh dc01
sudo tail -n 50 /var/log/auth.log
ssh git-01
last -n 20
ssh siem-01
sudo systemctl status rsyslog
df -h
ssh ci-01
cd ~/src/infra-live
git pull
terraform -chdir=prod/eu-central-1/tracking-ingest init -input=false
terraform -chdir=prod/eu-central-1/tracking-ingest plan -input=false
git commit -am "tracking-ingest: max_size 9 -> 12 for the May peak (CHG-2360)"
git push origin main
ssh -i ~/.ssh/ops-fleet ec2-user@172.20.11.37
