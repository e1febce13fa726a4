// SPDX-License-Identifier: MIT
// Runs a program the way a user without a display would (shared by the CLI and figure tests).
#pragma once

#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace testsupport {

struct Run {
    bool started = false;
    bool finished = false;
    QProcess::ExitStatus status = QProcess::CrashExit;
    int exitCode = -1;
    QByteArray out;
    QString err;

    QString outText() const { return QString::fromLocal8Bit(out); }

    QString describe() const
    {
        return QStringLiteral("started %1, finished %2, %3, exit code %4\nstdout: %5\nstderr: %6")
            .arg(started).arg(finished)
            .arg(status == QProcess::NormalExit ? QStringLiteral("normal exit") : QStringLiteral("CRASHED"))
            .arg(exitCode).arg(QString::fromLocal8Bit(out.left(2000)), err);
    }
    bool exitedWith(int code) const { return finished && status == QProcess::NormalExit && exitCode == code; }
};

inline QProcessEnvironment noDisplayEnvironment()
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM"));
    return env;
}

inline Run runProgram(const QString& program, const QStringList& arguments, const QString& workingDirectory,
               int timeoutMs = 60000)
{
    Run run;
    QProcess process;
    process.setProcessEnvironment(noDisplayEnvironment());
    process.setWorkingDirectory(workingDirectory);
    process.start(program, arguments);
    run.started = process.waitForStarted(10000);
    if (!run.started) {
        run.err = process.errorString();
        return run;
    }
    run.finished = process.waitForFinished(timeoutMs);
    if (!run.finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    run.status = process.exitStatus();
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = QString::fromLocal8Bit(process.readAllStandardError());
    return run;
}

} // namespace testsupport
