package views

import (
	"strconv"
	"strings"
	"testing"

	"github.com/skip2/go-qrcode"
)

// The inline QR code of an entry card is the encoder's bitmap, module for
// module: the path, drawn back into a grid, gives every dark module and
// no other.
func TestQRPathIsTheBitmap(t *testing.T) {
	for _, url := range []string{
		"http://bummerl.test/t/1/card/1",
		"https://schnapsen.feuerwehr-ort.at/t/12/card/256",
		"http://192.168.178.20:8080/t/3/card/17",
	} {
		size, d := qrPath(url)
		q, err := qrcode.New(url, qrcode.Medium)
		if err != nil {
			t.Fatal(err)
		}
		want := q.Bitmap()
		if size != len(want) {
			t.Fatalf("%s: size %d, want %d", url, size, len(want))
		}
		got := drawPath(t, d, size)
		for y := range want {
			for x := range want[y] {
				if got[y][x] != want[y][x] {
					t.Fatalf("%s: module %d,%d is %v, want %v", url, x, y, got[y][x], want[y][x])
				}
			}
		}
		if len(d) > 2500 {
			t.Errorf("%s: %d bytes of path", url, len(d))
		}
	}
}

// drawPath reads back the commands qrPath writes: "M x y.5" starts a row,
// "m dx 0" moves along it, "h w" draws w modules.
func drawPath(t *testing.T, d string, size int) [][]bool {
	t.Helper()
	grid := make([][]bool, size)
	for y := range grid {
		grid[y] = make([]bool, size)
	}
	x, y := 0, 0
	i := 0
	num := func() string {
		j := i
		for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.' || d[j] == '-') {
			j++
		}
		s := d[i:j]
		i = j
		return s
	}
	for i < len(d) {
		c := d[i]
		i++
		switch c {
		case 'M':
			x, _ = strconv.Atoi(num())
			i++ // the space
			ys := num()
			if !strings.HasSuffix(ys, ".5") {
				t.Fatalf("row %q not through the middle", ys)
			}
			y, _ = strconv.Atoi(strings.TrimSuffix(ys, ".5"))
		case 'm':
			dx, _ := strconv.Atoi(num())
			i++
			if num() != "0" {
				t.Fatalf("a move off the row in %q", d)
			}
			x += dx
		case 'h':
			w, _ := strconv.Atoi(num())
			for k := x; k < x+w; k++ {
				if grid[y][k] {
					t.Fatalf("module %d,%d drawn twice", k, y)
				}
				grid[y][k] = true
			}
			x += w
		default:
			t.Fatalf("unknown command %q in %q", c, d)
		}
	}
	return grid
}
