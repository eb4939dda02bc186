package bookstore

// country is one row of the COUNTRY table: the 92 countries of TPC-W
// population (TPCW_Populate.populateCountryTable) with their currencies and exchange rates, as TPCW_Populate
// loads them; the browsers' forms draw their names (RBE.unifCountry).
type country struct {
	name, currency string
	exchange       float64
}

var countries = [...]country{
	{"United States", "Dollars", 1}, {"United Kingdom", "Pounds", 0.625461}, {"Canada", "Dollars", 1.46712},
	{"Germany", "Deutsche Marks", 1.86125}, {"France", "Francs", 6.24238}, {"Japan", "Yen", 121.907},
	{"Netherlands", "Guilders", 2.09715}, {"Italy", "Lira", 1842.64}, {"Switzerland", "Francs", 1.51645},
	{"Australia", "Dollars", 1.54208}, {"Algeria", "Dinars", 65.3851}, {"Argentina", "Pesos", 0.998},
	{"Armenia", "Dram", 540.92}, {"Austria", "Schillings", 13.0949}, {"Azerbaijan", "Manat", 3977},
	{"Bahamas", "Dollars", 1}, {"Bahrain", "Dinar", 0.3757}, {"Bangla Desh", "Taka", 48.65},
	{"Barbados", "Dollars", 2}, {"Belarus", "Rouble", 248000}, {"Belgium", "Francs", 38.3892},
	{"Bermuda", "Dollars", 1}, {"Bolivia", "Boliviano", 5.74}, {"Botswana", "Pula", 4.7304},
	{"Brazil", "Real", 1.71}, {"Bulgaria", "Lev", 1846}, {"Cayman Islands", "Dollars", 0.8282},
	{"Chad", "Franc", 627.1999}, {"Chile", "Pesos", 494.2}, {"China", "Yuan Renmimbi", 8.278},
	{"Christmas Island", "Dollars", 1.5391}, {"Colombia", "Pesos", 1677}, {"Croatia", "Kuna", 7.3044},
	{"Cuba", "Pesos", 23}, {"Cyprus", "Pounds", 0.543}, {"Czech Republic", "Koruna", 36.0127},
	{"Denmark", "Kroner", 7.0707}, {"Dominican Republic", "Pesos", 15.8}, {"Eastern Caribbean", "Dollars", 2.7},
	{"Ecuador", "Sucre", 9600}, {"Egypt", "Pounds", 3.33771}, {"El Salvador", "Colon", 8.7},
	{"Estonia", "Kroon", 14.9912}, {"Ethiopia", "Birr", 7.7}, {"Falkland Island", "Pound", 0.6255},
	{"Faroe Island", "Krone", 7.124}, {"Fiji", "Dollars", 1.9724}, {"Finland", "Markka", 5.65822},
	{"Gabon", "Franc", 627.1999}, {"Gibraltar", "Pound", 0.6255}, {"Greece", "Drachmas", 309.214},
	{"Guam", "Dollars", 1}, {"Hong Kong", "Dollars", 7.75473}, {"Hungary", "Forint", 237.23},
	{"Iceland", "Krona", 74.147}, {"India", "Rupees", 42.75}, {"Indonesia", "Rupiah", 8100},
	{"Iran", "Rial", 3000}, {"Iraq", "Dinar", 0.3083}, {"Ireland", "Punt", 0.749481}, {"Israel", "Shekels", 4.12},
	{"Jamaica", "Dollars", 37.4}, {"Jordan", "Dinar", 0.708}, {"Kazakhstan", "Tenge", 150},
	{"Kuwait", "Dinar", 0.3062}, {"Lebanon", "Pounds", 1502}, {"Luxembourg", "Francs", 38.3892},
	{"Malaysia", "Ringgit", 3.8}, {"Mexico", "Pesos", 9.6287}, {"Mauritius", "Rupees", 25.245},
	{"New Zealand", "Dollars", 1.87539}, {"Norway", "Kroner", 7.83101}, {"Pakistan", "Rupees", 52},
	{"Philippines", "Pesos", 37.8501}, {"Poland", "Zloty", 3.9525}, {"Portugal", "Escudo", 190.788},
	{"Romania", "Leu", 15180.2}, {"Russia", "Rubles", 24.43}, {"Saudi Arabia", "Riyal", 3.7501},
	{"Singapore", "Dollars", 1.72929}, {"Slovakia", "Koruna", 43.9642}, {"South Africa", "Rand", 6.25845},
	{"South Korea", "Won", 1190.15}, {"Spain", "Pesetas", 158.34}, {"Sudan", "Dinar", 5.282},
	{"Sweden", "Krona", 8.54477}, {"Taiwan", "Dollars", 32.77}, {"Thailand", "Baht", 37.1414},
	{"Trinidad", "Dollars", 6.1764}, {"Turkey", "Lira", 401500}, {"Venezuela", "Bolivar", 596},
	{"Zambia", "Kwacha", 2447.7},
}
