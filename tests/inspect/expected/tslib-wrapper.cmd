bash ./scripts/long_term_forecast/ETT_script/TimesNet_ETTh1.sh
