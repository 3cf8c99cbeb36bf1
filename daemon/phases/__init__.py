"""The game clock: reminders, holds, deadlines and resolution, the release of a phase's
mails, the start of a game and the GM's preview."""
