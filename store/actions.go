package store

// Action names a change in the audit (its column action). The audit is
// read back by name — the takings (Sales), the payouts (Payouts), the
// undone draws (UndoneDraws), the history page's lines and the
// translated names of views.AuditAction ("audit." + the name, spaces as
// _) — so every writer
// uses one of these constants, and a name once written stays: renaming
// one orphans the rows already stored and the documents exported. An
// imported document's rows keep whatever names it holds.
type Action string

// A tournament's changes (Create, Import, Update, the digital tables).
const (
	ActionCreate       Action = "create"
	ActionImport       Action = "import"
	ActionSettings     Action = "settings"
	ActionResize       Action = "resize" // the smaller N accepted (P-2)
	ActionSell         Action = "sell"   // a sale, also a Swiss late entry (SW-15)
	ActionCancelSale   Action = "cancel sale"
	ActionEditPlayer   Action = "edit player"
	ActionAnnounceDraw Action = "announce draw" // the commitment shown before a digital draw
	ActionDraw         Action = "draw"          // digital
	ActionPhysicalDraw Action = "physical draw"
	ActionUndoDraw     Action = "undo draw" // read back by UndoneDraws (P-4)
	ActionSetTables    Action = "set tables"
	ActionCallMatch    Action = "call match"
	ActionCallMatches  Action = "call matches" // the call of all free tables at once
	ActionStartMatch   Action = "start match"
	ActionReleaseMatch Action = "release match"
	ActionResult       Action = "result"
	ActionResultSheet  Action = "result sheet" // a score sheet's deals entered
	ActionClearResult  Action = "clear result"
	ActionTableResult  Action = "table result" // a digital table's match ended, by TableActor
	ActionStartTable   Action = "start table"
	ActionAbandonTable Action = "abandon table"
	ActionPlaySettings Action = "play settings"
	ActionSeeds        Action = "seeds" // Swiss seeding list (SW-4)
	ActionWithdraw     Action = "withdraw"
	ActionReinstate    Action = "reinstate"
	ActionEnd          Action = "end" // a Swiss tournament ended early
	// The till (issue 23, payouts.go): a prize handed out, a payout
	// cancelled; read back by Payouts.
	ActionPayout       Action = "payout"
	ActionCancelPayout Action = "cancel payout"
)

// The accounts' changes (no tournament).
const (
	ActionAddUser       Action = "add user"
	ActionSetRole       Action = "set role"
	ActionResetPassword Action = "reset password"
	ActionRemoveUser    Action = "remove user"
	ActionCreateToken   Action = "create API token"
	ActionRevokeToken   Action = "revoke API token"
)

// The register and the seasons (issue 24, persons.go, seasons.go; no
// tournament).
const (
	ActionEditPerson     Action = "edit person"
	ActionMergePersons   Action = "merge persons"
	ActionErasePerson    Action = "erase person"
	ActionCreateSeason   Action = "create season"
	ActionSeasonRules    Action = "season rules"
	ActionSeasonEvenings Action = "season evenings"
)
