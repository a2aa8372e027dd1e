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
