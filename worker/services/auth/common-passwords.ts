/**
 * The most common passwords of public breach corpora (top of the SecLists / NCSC "100k" lists),
 * lower-cased, plus their usual "meets the rules" variants (Password1, Qwerty123...). Our rules
 * already demand a lower-case letter, an upper-case letter and a digit, so the variants matter most:
 * a password is rejected when its lower-cased form is in this set.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "123456", "123456789", "12345678", "password", "qwerty", "qwerty123", "qwerty1", "1q2w3e4r", "1q2w3e4r5t",
  "111111", "12345", "1234567", "1234567890", "123123", "000000", "abc123", "abc12345", "abcd1234",
  "password1", "password12", "password123", "password1234", "passw0rd", "p@ssw0rd", "p@ssword1", "pa55word",
  "iloveyou", "iloveyou1", "iloveyou2", "letmein", "letmein1", "letmein123", "welcome", "welcome1",
  "welcome123", "welcome2024", "welcome2025", "welcome2026", "monkey", "monkey123", "dragon", "dragon123",
  "football", "football1", "baseball", "baseball1", "sunshine", "sunshine1", "princess", "princess1",
  "superman", "superman1", "batman", "batman123", "trustno1", "master", "master123", "shadow", "shadow123",
  "michael", "michael1", "jennifer", "jennifer1", "charlie", "charlie1", "jordan23", "hello123",
  "hello1234", "admin", "admin123", "admin1234", "administrator1", "root1234", "changeme", "changeme1",
  "changeme123", "qazwsx", "qazwsx123", "1qaz2wsx", "zaq12wsx", "asdfghjkl", "asdf1234", "zxcvbnm",
  "zxcvbnm1", "qwertyuiop", "qwerty12345", "aa123456", "a1234567", "a12345678", "aa12345678", "q1w2e3r4",
  "q1w2e3r4t5", "summer2024", "summer2025", "summer2026", "winter2024", "winter2025", "winter2026",
  "spring2025", "autumn2025", "starwars", "starwars1", "whatever1", "freedom1", "computer1", "internet1",
  "login123", "secret123", "test1234", "testing123", "football123", "love1234", "mustang1", "access14",
  "google123", "liverpool1", "chelsea1", "arsenal1", "soccer123", "killer123", "pokemon1", "ninja123",
]);
