"""The teaching: questions, exercises, editions (student copies), progress, worksheets, the
vocabulary (the words every widget shows) and the variant experiments of notebook 13.
"""
