package schnapsen

import "fmt"

// Kind is what an action does (FORMATS.md "do").
type Kind uint8

const (
	Play     Kind = iota + 1 // play Card (S-4)
	Marriage                 // announce the marriage in Suit (S-9)
	Exchange                 // swap the trump J (9 in sixty-six) for the face-up trump (S-11, X-3)
	Close                    // close the talon (S-12)
	Declare                  // declare out, "genug" (S-13)
)

var kindNames = [...]string{Play: "play", Marriage: "marriage", Exchange: "exchange", Close: "close", Declare: "declare"}

func (k Kind) String() string {
	if k < Play || k > Declare {
		return fmt.Sprintf("kind(%d)", uint8(k))
	}
	return kindNames[k]
}

// ParseKind reads the "do" names of FORMATS.md.
func ParseKind(s string) (Kind, error) {
	for k := Play; k <= Declare; k++ {
		if kindNames[k] == s {
			return k, nil
		}
	}
	return 0, fmt.Errorf("unknown action %q (want play, marriage, exchange, close or declare)", s)
}

// Action is one step of a deal by one seat. Card is used by Play, Suit by
// Marriage; the other kinds ignore both.
type Action struct {
	Seat uint8 // 0 forehand, 1 dealer
	Kind Kind
	Card Card
	Suit Suit
}

// String describes the action in English, e.g. "seat 0 play KH".
func (a Action) String() string {
	switch a.Kind {
	case Play:
		return fmt.Sprintf("seat %d play %s", a.Seat, a.Card)
	case Marriage:
		return fmt.Sprintf("seat %d marriage %s", a.Seat, a.Suit)
	}
	return fmt.Sprintf("seat %d %s", a.Seat, a.Kind)
}

var kindGerman = [...]string{Play: "spielt", Marriage: "meldet", Exchange: "tauscht aus", Close: "dreht zu", Declare: "meldet sich aus"}

func (a Action) german() string {
	switch {
	case a.Kind == Play:
		return fmt.Sprintf("Sitz %d spielt %s", a.Seat, a.Card)
	case a.Kind == Marriage:
		return fmt.Sprintf("Sitz %d meldet %s", a.Seat, a.Suit)
	case a.Kind >= Exchange && a.Kind <= Declare:
		return fmt.Sprintf("Sitz %d %s", a.Seat, kindGerman[a.Kind])
	}
	return fmt.Sprintf("Sitz %d %s", a.Seat, a.Kind)
}
