// The model lives in src/contract (shared with the quote form's live estimate).
export * from '../../contract/savings.ts';
