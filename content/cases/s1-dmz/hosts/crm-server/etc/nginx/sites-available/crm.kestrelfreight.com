# crm.kestrelfreight.com - SuiteCRM 7.14
# Migrated from Apache 2.4 to nginx + PHP-FPM on 2026-03-02 (CHG-4458, swhitfield)
server {
    listen 80;
    listen [::]:80;
    server_name crm.kestrelfreight.com;
    return 301 https://$host$request_uri;
}

server {
    listen 443 ssl http2;
    listen [::]:443 ssl http2;
    server_name crm.kestrelfreight.com;

    ssl_certificate     /etc/ssl/kestrel/crm.kestrelfreight.com.fullchain.pem;
    ssl_certificate_key /etc/ssl/kestrel/crm.kestrelfreight.com.key;

    root /var/www/suitecrm;
    index index.php;

    access_log /var/log/nginx/crm.access.log;
    error_log  /var/log/nginx/crm.error.log;

    client_max_body_size 32m;

    # listings switched on while checking the migrated upload/ tree
    autoindex on;

    location / {
        try_files $uri $uri/ /index.php?$query_string;
    }

    location /Api/ {
        try_files $uri $uri/ /Api/index.php?$query_string;
    }

    location ~ \.php$ {
        include snippets/fastcgi-php.conf;
        fastcgi_pass unix:/run/php/php8.1-fpm.sock;
        fastcgi_read_timeout 300;
    }
}
