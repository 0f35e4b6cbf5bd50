package store

import (
	"context"
	"fmt"
)

// AuditPage lists limit actions on a tournament, newest first, after the
// offset newest ones, and how many there are in all: one page of the
// history (issue 9) without reading the rest.
func (s *Store) AuditPage(ctx context.Context, tournamentID int64, offset, limit int) ([]AuditEntry, int, error) {
	var total int64
	db := s.rdb.WithContext(ctx)
	if err := db.Model(&auditRow{}).Where("tournament_id = ?", tournamentID).Count(&total).Error; err != nil {
		return nil, 0, fmt.Errorf("store: audit of tournament %d: %w", tournamentID, err)
	}
	var rows []auditRow
	err := db.Where("tournament_id = ?", tournamentID).Order("id DESC").Offset(offset).Limit(limit).Find(&rows).Error
	if err != nil {
		return nil, 0, fmt.Errorf("store: audit of tournament %d: %w", tournamentID, err)
	}
	return auditEntries(rows), int(total), nil
}

// AuditUsers are the names of those who acted on a tournament, sorted.
func (s *Store) AuditUsers(ctx context.Context, tournamentID int64) ([]string, error) {
	var names []string
	err := s.rdb.WithContext(ctx).Model(&auditRow{}).Where("tournament_id = ?", tournamentID).
		Distinct("user_name").Order("user_name").Pluck("user_name", &names).Error
	if err != nil {
		return nil, fmt.Errorf("store: audit users of tournament %d: %w", tournamentID, err)
	}
	return names, nil
}
