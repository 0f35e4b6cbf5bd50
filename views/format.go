package views

import (
	"strconv"
	"strings"

	"bummerl/domain/tournament"
)

// Euro formats cents as an amount in euros: "1.234,50 €" in German,
// "€1,234.50" in English.
func Euro(lang string, cents int) string {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	thousands, decimal := ".", ","
	if lang == "en" {
		thousands, decimal = ",", "."
	}
	whole := strconv.Itoa(cents / 100)
	var b strings.Builder
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(thousands)
		}
		b.WriteRune(d)
	}
	amount := b.String() + decimal + twoDigits(cents%100)
	sign := ""
	if neg {
		sign = "-"
	}
	if lang == "en" {
		return sign + "€" + amount
	}
	return sign + amount + " €"
}

// PriceInput shows cents the way a user types them back into a form
// ("12,50" in German, "12.50" in English).
func PriceInput(lang string, cents int) string {
	sep := ","
	if lang == "en" {
		sep = "."
	}
	return strconv.Itoa(cents/100) + sep + twoDigits(cents%100)
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// CardList joins card numbers for display: "12, 13, 40".
func CardList(cards []tournament.CardNo) string {
	parts := make([]string, len(cards))
	for i, c := range cards {
		parts[i] = strconv.Itoa(int(c))
	}
	return strings.Join(parts, ", ")
}

// itoa keeps the templates short.
func itoa(n int) string { return strconv.Itoa(n) }
