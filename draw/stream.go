package draw

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
)

// Commit is the public commitment to a seed: the hex SHA-256 of its UTF-8
// bytes. It is shown before the draw; the seed is revealed after it (P-4).
func Commit(seed string) string {
	sum := sha256.Sum256([]byte(seed))
	return hex.EncodeToString(sum[:])
}

// seedBytes is the entropy of a new seed: 128 bits cannot be guessed from
// the commitment.
const seedBytes = 16

// NewSeed reads a fresh seed from r (the web app passes crypto/rand.Reader)
// and returns it as 32 lowercase hex digits.
func NewSeed(r io.Reader) (string, error) {
	var b [seedBytes]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		return "", fmt.Errorf("reading a draw seed: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

// stream is the random stream of a digital draw. Block i (i = 0, 1, …) is
// HMAC-SHA256 keyed with the seed over i as 8 big-endian bytes; the blocks
// are read as big-endian uint64s. Only standard primitives are used so the
// draw can be re-implemented anywhere (docs/draw.md), and the seed keys the
// MAC so the commitment SHA-256(seed) says nothing about the stream.
type stream struct {
	mac     hash.Hash
	counter uint64
	block   []byte
	pos     int
}

func newStream(seed string) *stream {
	return &stream{mac: hmac.New(sha256.New, []byte(seed)), pos: sha256.Size}
}

// next returns the next 64 random bits.
func (s *stream) next() uint64 {
	if s.pos == sha256.Size {
		var ctr [8]byte
		binary.BigEndian.PutUint64(ctr[:], s.counter)
		s.counter++
		s.mac.Reset()
		s.mac.Write(ctr[:])
		s.block = s.mac.Sum(s.block[:0])
		s.pos = 0
	}
	v := binary.BigEndian.Uint64(s.block[s.pos:])
	s.pos += 8
	return v
}

// below returns a uniform integer in [0, n), n ≥ 1, without bias: values
// below 2^64 mod n are rejected, so the accepted range is a multiple of n.
func (s *stream) below(n int) int {
	m := uint64(n)
	reject := -m % m // 2^64 mod m in uint64 arithmetic
	for {
		if v := s.next(); v >= reject {
			return int(v % m)
		}
	}
}
