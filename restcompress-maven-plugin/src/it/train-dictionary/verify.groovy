import java.security.MessageDigest

File dictionary = new File(basedir, 'target/classes/dictionaries/orders.dict')
assert dictionary.isFile()
assert dictionary.length() > 0 && dictionary.length() <= 8 * 1024
String hash = MessageDigest.getInstance('SHA-256').digest(dictionary.bytes).encodeHex().toString()
String log = new File(basedir, 'build.log').text
assert log.contains('from 30 samples (')
assert log.contains('Built from: ')
assert log.contains('SHA-256: ' + hash + ', named by clients as Available-Dictionary: :'
		+ MessageDigest.getInstance('SHA-256').digest(dictionary.bytes).encodeBase64() + ':')
