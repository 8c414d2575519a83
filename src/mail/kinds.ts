// Moved to src/lib/mail-kinds.ts (db/ needs the kinds too, and may not import mail/); kept so older
// imports still resolve. Import from lib/mail-kinds in new code.
export * from '../lib/mail-kinds';
