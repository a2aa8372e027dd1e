ssh siem-01
ssh dc01
ssh ci-01
