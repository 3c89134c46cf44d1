/**
 * What a person reports to the moderators: a review or an agent listing, with the words that name it in
 * the report dialog ("the review by Ada", "Weather Bot"). Reviews ask for a report; the reports feature
 * files it, so the type lives here, between them.
 */
export type ReportTarget =
  { kind: 'review'; id: number; label: string } | { kind: 'agent'; id: number; label: string };
