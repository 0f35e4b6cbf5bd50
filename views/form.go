package views

import (
	"context"
	"strconv"

	"github.com/a-h/templ"

	"bummerl/domain/text"
)

// maxlength attributes of the text inputs, from the limits of domain/text;
// the server checks them anyway (browsers count UTF-16 units, so an emoji
// may count twice here).
var (
	maxName       = strconv.Itoa(text.MaxName)
	maxClub       = strconv.Itoa(text.MaxClub)
	maxPhone      = strconv.Itoa(text.MaxPhone)
	maxTournament = strconv.Itoa(text.MaxTournament)
	maxPrize      = strconv.Itoa(text.MaxPrize)
	maxLabel      = strconv.Itoa(text.MaxLabel)
)

// Form is a submitted form as the user typed it plus the problems found,
// so a refused form comes back with the input kept and each message at its
// field. The zero Form is an empty, valid form.
type Form struct {
	Values map[string]string
	Errors map[string]string // field name → message; General for the form as a whole
}

// General is the Errors key of a message that belongs to no single field.
const General = ""

// NewForm returns a form with the given values and no errors.
func NewForm(values map[string]string) Form {
	return Form{Values: values, Errors: map[string]string{}}
}

// Value is what the user typed into field name.
func (f Form) Value(name string) string { return f.Values[name] }

// Error is the message for field name, or "".
func (f Form) Error(name string) string { return f.Errors[name] }

// Fail records msg at field name (General for the whole form); the first
// message for a field wins because it is usually the most basic one.
func (f *Form) Fail(name, msg string) {
	if f.Errors == nil {
		f.Errors = map[string]string{}
	}
	if _, seen := f.Errors[name]; !seen {
		f.Errors[name] = msg
	}
}

// OK reports whether no problem was recorded.
func (f Form) OK() bool { return len(f.Errors) == 0 }

// invalid is the aria-invalid attribute value for field name.
func (f Form) invalid(name string) string {
	if f.Error(name) != "" {
		return "true"
	}
	return "false"
}

// fieldName names a field of a table row that has no label of its own,
// for screen readers: key's text of the row's number and the column's
// heading, e.g. "Spiel 3: Sieger" (issue 23: axe-core's label and
// select-name rules).
func fieldName(ctx context.Context, key string, row int, column string) templ.Attributes {
	return templ.Attributes{"aria-label": tf(ctx, key, row, t(ctx, column))}
}
