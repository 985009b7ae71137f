// The browser keeps two things between visits: the auth token and the chosen institution (spec 1 §4).
const TOKEN_KEY = 'lims.token';
const INSTITUTION_KEY = 'lims.institutionId';

export const tokenStore = {
  get: (): string | null => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

export const institutionStore = {
  get: (): number | null => {
    const id = Number(localStorage.getItem(INSTITUTION_KEY));
    return Number.isInteger(id) && id > 0 ? id : null;
  },
  set: (id: number) => localStorage.setItem(INSTITUTION_KEY, String(id)),
  clear: () => localStorage.removeItem(INSTITUTION_KEY),
};
