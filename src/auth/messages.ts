// The identity provider's messages in Romanian (docs/product.md#identity-provider): used by Clerk's components (client
// island `signin`) and by our own profile form, so both say the same thing.

export const NAME_MAX = 256;
/** Profile images: JPG, PNG, GIF or WEBP, at most 10 MB before processing. */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;

export const MESSAGES = {
  passwordTooWeak: 'Parola nu este suficient de puternică. Folosiți o parolă mai lungă, greu de ghicit.',
  passwordPwned:
    'Această parolă a apărut într-o breșă de securitate și nu poate fi folosită. Alegeți o altă parolă.',
  passwordPwnedSignIn:
    'Această parolă a apărut într-o breșă de securitate. Resetați parola pentru a vă putea conecta.',
  nameTooLong: 'Numele poate avea cel mult 256 de caractere.',
  firstNameTooLong: 'Prenumele poate avea cel mult 256 de caractere.',
  lastNameTooLong: 'Numele de familie poate avea cel mult 256 de caractere.',
  avatarInvalid: 'Imaginea de profil trebuie să fie JPG, PNG, GIF sau WEBP și să aibă sub 10 MB.',
  avatarFormat: 'Fișierul ales nu este o imagine JPG, PNG, GIF sau WEBP.',
  nameRequired: 'Scrieți numele afișat.',
  nameImpersonates:
    'Numele afișat nu poate sugera că scrieți din partea site-ului (eRădăuți, echipa, administrator, moderator).',
  phoneInvalid: 'Scrieți un număr de telefon românesc valid, de exemplu 0722 123 456.',
  emailInvalid: 'Scrieți o adresă de e-mail validă, de exemplu nume@exemplu.ro.',
} as const;
